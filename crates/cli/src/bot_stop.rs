//! A clean stop of `chesslantis bot` (Ctrl-C): every thread of the bot
//! blocks in a read of a stream or in a search, so the stop shuts the open
//! connections and raises the searches' stop flags, and each thread, seeing
//! the stop, returns.

use std::net::{Shutdown, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What a stop must interrupt.
#[derive(Default)]
pub struct Stop {
    stopped: AtomicBool,
    next: AtomicU64,
    sockets: Mutex<Vec<(u64, TcpStream)>>,
    searches: Mutex<Vec<(u64, Arc<AtomicBool>)>>,
}

/// A connection or search registered with the stop, forgotten when dropped.
pub struct Registered<'a> {
    stop: &'a Stop,
    id: u64,
}

impl Drop for Registered<'_> {
    fn drop(&mut self) {
        lock(&self.stop.sockets).retain(|(id, _)| *id != self.id);
        lock(&self.stop.searches).retain(|(id, _)| *id != self.id);
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Stop {
    pub fn stopped(&self) -> bool {
        self.stopped.load(Ordering::SeqCst)
    }

    /// Stops: shuts every registered connection, stops every search.
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::SeqCst);
        for (_, socket) in lock(&self.sockets).iter() {
            let _ = socket.shutdown(Shutdown::Both);
        }
        for (_, flag) in lock(&self.searches).iter() {
            flag.store(true, Ordering::SeqCst);
        }
    }

    /// Shuts `socket` at a stop (at once if stopped already).
    pub fn connection(&self, socket: TcpStream) -> Registered<'_> {
        let id = self.next.fetch_add(1, Ordering::SeqCst);
        lock(&self.sockets).push((id, socket));
        if self.stopped() {
            self.stop();
        }
        Registered { stop: self, id }
    }

    /// Raises `flag` (a search's stop flag) at a stop.
    pub fn search(&self, flag: Arc<AtomicBool>) -> Registered<'_> {
        let id = self.next.fetch_add(1, Ordering::SeqCst);
        lock(&self.searches).push((id, flag));
        if self.stopped() {
            self.stop();
        }
        Registered { stop: self, id }
    }

    /// Waits `time`, or less if stopped meanwhile; whether still running.
    pub fn pause(&self, time: Duration) -> bool {
        let step = Duration::from_millis(100);
        let mut waited = Duration::ZERO;
        while waited < time && !self.stopped() {
            std::thread::sleep(step);
            waited += step;
        }
        !self.stopped()
    }

    /// Stops at Ctrl-C (SIGINT), watched from a thread of its own.
    pub fn on_ctrl_c(self: &Arc<Self>) -> Result<(), String> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .build()
            .map_err(|e| format!("cannot watch for Ctrl-C: {e}"))?;
        let stop = self.clone();
        // Registered here, before the thread starts: a Ctrl-C from now on is caught.
        #[cfg(unix)]
        let mut signal = {
            let _entered = runtime.enter();
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::interrupt())
                .map_err(|e| format!("cannot watch for Ctrl-C: {e}"))?
        };
        std::thread::spawn(move || {
            #[cfg(unix)]
            let caught = runtime.block_on(signal.recv()).is_some();
            #[cfg(not(unix))]
            let caught = runtime.block_on(tokio::signal::ctrl_c()).is_ok();
            if caught {
                eprintln!("stopping (Ctrl-C)");
                stop.stop();
            }
        });
        Ok(())
    }
}
