//! `Batch::try_from_slice` (and the mutable and owned forms) on slices of
//! arbitrary length: `Ok` exactly when the length is a multiple of the item
//! size (only 0 for items of no element), the items then covering the
//! slice in order; an `Err` naming the length otherwise; never UB.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tensor_core::prelude::*;

/// Checks one item shape on `elems`.
fn check<S: Shape>(elems: &[u16]) {
    let whole = match S::SIZE {
        0 => elems.is_empty(),
        size => elems.len() % size == 0,
    };
    match Batch::<u16, S>::try_from_slice(elems) {
        Ok(xs) => {
            assert!(whole);
            assert_eq!(xs.len() * S::SIZE, elems.len());
            let flat: Vec<u16> = xs.iter().flat_map(|x| x.iter().copied()).collect();
            assert_eq!(flat, elems);
            assert!(xs.get(xs.len()).is_none());
            // Sums in u32 (u16 sums may overflow, a panic in debug builds
            // as for `+`), against a plain loop over the slice.
            let sums = xs.map(|&v| u32::from(v)).sum_items();
            for (j, s) in sums.iter().enumerate() {
                let want: u32 = elems
                    .iter()
                    .skip(j)
                    .step_by(S::SIZE)
                    .map(|&v| u32::from(v))
                    .sum();
                assert_eq!(*s, want);
            }
        }
        Err(err) => {
            assert!(!whole);
            assert_eq!(err.found(), elems.len());
        }
    }
    let mut copy = elems.to_vec();
    assert_eq!(
        BatchMut::<u16, S>::try_from_slice_mut(&mut copy).is_ok(),
        whole
    );
    assert_eq!(BatchTensor::<u16, S>::try_from_vec(copy).is_ok(), whole);
}

fuzz_target!(|data: &[u8]| {
    let elems: Vec<u16> = data
        .chunks_exact(2)
        .map(|b| u16::from_le_bytes([b[0], b[1]]))
        .collect();
    check::<Shape![3]>(&elems);
    check::<Shape![2, 2]>(&elems);
    check::<Shape![0, 5]>(&elems);
    check::<Shape![]>(&elems);
    check::<Shape![7, 1]>(&elems);
});
