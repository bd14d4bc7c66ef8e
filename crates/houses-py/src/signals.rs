//! Ctrl-C during engine calls. Python runs its signal handlers (the one that raises
//! `KeyboardInterrupt`) only when the main thread comes back to the interpreter, which a batch
//! of slow games may not do for minutes. So engine calls run with a stop check installed
//! (`houses_engine::core::interrupt`): a batch runs on a worker thread while the calling thread
//! waits without the GIL and, every `POLL`, takes it to run Python's signal handlers; a game
//! played step by step (GIL held) runs them from the check itself. When a handler raises, the
//! engine is told to stop, its partial results are thrown away, and the handler's exception
//! (`KeyboardInterrupt`) is raised in Python.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

use houses_engine::core::interrupt::{with_check, Check};
use pyo3::prelude::*;

/// How often a waiting caller runs Python's signal handlers.
const POLL: Duration = Duration::from_millis(50);

/// Run `work` (a batch of games) without the GIL on a worker thread, running Python's signal
/// handlers every `POLL` on this thread. If one raises, the engine stops at its next check
/// (between games; every few dozen simulations of a search) and its exception is returned.
pub fn interruptible<R: Send>(py: Python<'_>, work: impl FnOnce() -> R + Send) -> PyResult<R> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let check: Check = Arc::new(move || flag.load(Ordering::Relaxed));
    let mut raised: Option<PyErr> = None;
    let out = py.detach(|| {
        std::thread::scope(|scope| {
            let (done, finished) = channel::<()>();
            let worker = scope.spawn(move || {
                let out = with_check(Some(check), work);
                let _ = done.send(());
                out
            });
            loop {
                match finished.recv_timeout(POLL) {
                    Ok(()) | Err(RecvTimeoutError::Disconnected) => break,
                    Err(RecvTimeoutError::Timeout) if raised.is_none() => {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            raised = Some(e);
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                }
            }
            match worker.join() {
                Ok(out) => out,
                Err(panic) => std::panic::resume_unwind(panic),
            }
        })
    });
    match raised {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

thread_local! {
    /// The exception a signal handler raised during a step-by-step call, until it returns.
    static RAISED: RefCell<Option<PyErr>> = const { RefCell::new(None) };
}

/// Run `work` (a step of a game played from Python, GIL held) with a stop check that runs
/// Python's signal handlers; if one raises, the engine stops and its exception is returned.
pub fn stepping<R>(work: impl FnOnce() -> R) -> PyResult<R> {
    let check: Check = Arc::new(|| {
        if RAISED.with(|r| r.borrow().is_some()) {
            return true;
        }
        match Python::attach(|py| py.check_signals()) {
            Ok(()) => false,
            Err(e) => {
                RAISED.with(|r| *r.borrow_mut() = Some(e));
                true
            }
        }
    });
    let out = with_check(Some(check), work);
    match RAISED.with(|r| r.borrow_mut().take()) {
        Some(e) => Err(e),
        None => Ok(out),
    }
}
