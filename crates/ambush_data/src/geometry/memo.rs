//! Measurements remembered: each thread's cache of base and shape distances, keyed by the bits they were measured from.

/// log2 of a memo's slots: 1,024 answers, some 45 KiB a thread.
const DISTANCE_MEMO_BITS: u32 = 10;

/// Distances measured lately, keyed by the bits of everything the measurement read, one to a
/// slot (a new key takes its slot over): a cache whose every entry is exact, so it changes no
/// answer, only how often one is worked out.
pub(super) struct DistanceMemo<const N: usize> {
    slots: Vec<Option<([u32; N], f32)>>,
}

impl<const N: usize> DistanceMemo<N> {
    fn new() -> Self {
        DistanceMemo {
            slots: vec![None; 1 << DISTANCE_MEMO_BITS],
        }
    }
    /// The slot of a key: a multiplicative hash of its words.
    #[inline]
    fn slot(key: &[u32; N]) -> usize {
        let mut h: u64 = 0;
        for w in key {
            h = (h.rotate_left(5) ^ u64::from(*w)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
        (h >> (64 - DISTANCE_MEMO_BITS)) as usize
    }
    /// The answer remembered for `key`, else `measure`'s, remembered.
    #[inline]
    pub(super) fn get_or(&mut self, key: [u32; N], measure: impl FnOnce() -> f32) -> f32 {
        let slot = Self::slot(&key);
        match &self.slots[slot] {
            Some((k, d)) if *k == key => *d,
            _ => {
                let d = measure();
                self.slots[slot] = Some((key, d));
                d
            }
        }
    }
}

thread_local! {
    /// Each thread's own memos: games on different threads never share one.
    pub(super) static BASE_DISTANCES: std::cell::RefCell<DistanceMemo<10>> =
        std::cell::RefCell::new(DistanceMemo::new());
    pub(super) static SHAPE_DISTANCES: std::cell::RefCell<DistanceMemo<11>> =
        std::cell::RefCell::new(DistanceMemo::new());
}
