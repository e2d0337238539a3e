//! A memo of one game that only saves work: behind a lock, and a copy of the game starts without it.

use std::sync::{Mutex, MutexGuard};

/// `T`, kept for a game behind a lock (an AI decides through a shared reference to its memos).
/// A copy starts from `T::default()`: what it kept is only a saving. It prints as its type.
#[derive(Default)]
pub struct Cache<T>(Mutex<T>);

impl<T: Default> Clone for Cache<T> {
    fn clone(&self) -> Self {
        Cache::default()
    }
}

impl<T> std::fmt::Debug for Cache<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(std::any::type_name::<T>())
    }
}

impl<T> Cache<T> {
    /// The memo, for one decision. After a panic while it was held, `mend` puts right what the
    /// panic may have left half done, at each lock from then on.
    pub fn lock(&self, mend: impl FnOnce(&mut T)) -> MutexGuard<'_, T> {
        self.0.lock().unwrap_or_else(|e| {
            let mut kept = e.into_inner();
            mend(&mut kept);
            kept
        })
    }
}
