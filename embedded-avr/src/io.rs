//! The ATmega328P's USART0 (simavr prints what it sends) and Timer1 (a
//! cycle counter: simavr simulates it exactly), by their data-space
//! addresses.

use core::ptr::{read_volatile, write_volatile};

const UCSR0A: *mut u8 = 0xC0 as *mut u8;
const UCSR0B: *mut u8 = 0xC1 as *mut u8;
const UCSR0C: *mut u8 = 0xC2 as *mut u8;
const UBRR0L: *mut u8 = 0xC4 as *mut u8;
const UDR0: *mut u8 = 0xC6 as *mut u8;
const TCCR1A: *mut u8 = 0x80 as *mut u8;
const TCCR1B: *mut u8 = 0x81 as *mut u8;
const TCNT1L: *mut u8 = 0x84 as *mut u8;
const TCNT1H: *mut u8 = 0x85 as *mut u8;

/// Data register empty: the USART takes another byte.
const UDRE0: u8 = 1 << 5;

/// The USART at 115200 baud (16 MHz, U2X0), 8N1, transmitter on; Timer1
/// counting the clock divided by 8.
pub fn init() {
    // SAFETY: these are the ATmega328P's USART0 and Timer1 registers,
    // written as its datasheet describes; nothing else uses them.
    unsafe {
        write_volatile(UCSR0A, 1 << 1); // U2X0
        write_volatile(UBRR0L, 16); // 16 MHz / (8 · 17) ≈ 115200
        write_volatile(UCSR0C, 0b110); // 8 data bits
        write_volatile(UCSR0B, 1 << 3); // TXEN0
        write_volatile(TCCR1A, 0);
        write_volatile(TCCR1B, 0b010); // clk / 8
    }
}

/// Sends one byte, waiting for the transmitter.
pub fn put(b: u8) {
    // SAFETY: USART0's status and data registers (see `init`).
    unsafe {
        while read_volatile(UCSR0A) & UDRE0 == 0 {}
        write_volatile(UDR0, b);
    }
}

/// Sends a string.
pub fn print(s: &str) {
    s.bytes().for_each(put);
}

/// Sends `n` in decimal.
pub fn print_u32(mut n: u32) {
    let mut digits = [0u8; 10];
    let mut len = 0;
    loop {
        digits[len] = b'0' + (n % 10) as u8;
        len += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    digits[..len].iter().rev().for_each(|&d| put(d));
}

/// Timer1's count: clock cycles / 8, modulo 2^16.
pub fn timer1() -> u16 {
    // SAFETY: Timer1's counter; the low byte is read first, which latches
    // the high byte (the datasheet's order for 16-bit registers).
    unsafe {
        let lo = read_volatile(TCNT1L);
        let hi = read_volatile(TCNT1H);
        u16::from_le_bytes([lo, hi])
    }
}

/// Ends the simulation: simavr stops when the core sleeps with interrupts
/// off.
pub fn halt() -> ! {
    loop {
        // SAFETY: disables interrupts and sleeps; nothing to preserve.
        unsafe { core::arch::asm!("cli", "sleep") };
    }
}
