//! Stopping long engine calls early (Ctrl-C in Python). Whoever runs a batch or a game may
//! install a check on its thread (`with_check`): a batch asks it between games and carries it
//! to its own threads, and the search asks it every `SEARCH_CHECK_EVERY` simulations. Once the
//! check says stop, a batch starts no more games and returns the games it finished, and a
//! search decides at once on what it has: the caller must throw such results away. With no
//! check installed (every Rust caller, every test), nothing changes: `stop_requested` is false.

use std::cell::RefCell;
use std::sync::Arc;

/// A check that says whether to stop now. Called from engine threads, often (every few
/// milliseconds at most): it must be cheap.
pub type Check = Arc<dyn Fn() -> bool + Send + Sync>;

/// Simulations between two checks in a search decision (about a tenth of a millisecond).
pub const SEARCH_CHECK_EVERY: u32 = 64;

thread_local! {
    static CHECK: RefCell<Option<Check>> = const { RefCell::new(None) };
}

/// Run `f` with `check` installed on this thread (the one installed before is restored after,
/// even if `f` panics).
pub fn with_check<R>(check: Option<Check>, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Check>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let old = self.0.take();
            CHECK.with(|c| *c.borrow_mut() = old);
        }
    }
    let _restore = Restore(CHECK.with(|c| c.replace(check)));
    f()
}

/// The check installed on this thread, to carry to the threads it starts.
pub fn current_check() -> Option<Check> {
    CHECK.with(|c| c.borrow().clone())
}

/// Whether the check installed on this thread says stop (false when none is installed).
pub fn stop_requested() -> bool {
    // Cloned out first: the check may run code (Python's signal handlers) that comes back here.
    current_check().is_some_and(|check| check())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};

    #[test]
    fn a_check_applies_inside_with_check_only() {
        let flag = Arc::new(AtomicBool::new(true));
        let f = flag.clone();
        assert!(!stop_requested());
        let inside = with_check(Some(Arc::new(move || f.load(Ordering::Relaxed))), || {
            let nested = with_check(None, stop_requested);
            (stop_requested(), nested)
        });
        assert_eq!(inside, (true, false));
        assert!(!stop_requested());
    }
}
