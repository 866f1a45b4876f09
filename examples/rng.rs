//! The random numbers of the training examples (`digits`, `cnn`): a
//! xorshift32 generator, deterministic and tiny, so a seed reproduces a
//! run bit for bit on every machine.
//!
//! ```
//! use tensor_examples::rng::XorShift;
//! let mut rng = XorShift(0x9e37_79b9);
//! let x = rng.uniform(0.5);
//! assert!((-0.5..0.5).contains(&x));
//! assert!(rng.below(10) < 10);
//! assert_ne!(rng.next_u32(), XorShift(0x9e37_79b9).next_u32());
//! ```

/// A xorshift32 generator (Marsaglia's 13, 17, 5); the state must not be 0.
pub struct XorShift(pub u32);

impl XorShift {
    /// The next 32 random bits.
    pub fn next_u32(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }

    /// Uniform in `-bound..bound`.
    pub fn uniform(&mut self, bound: f32) -> f32 {
        let unit = (self.next_u32() >> 8) as f32 / (1u32 << 24) as f32;
        (2.0 * unit - 1.0) * bound
    }

    /// Uniform in `0..n` (with a negligible bias for small `n`).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u32() as u64 * n as u64) >> 32) as usize
    }
}
