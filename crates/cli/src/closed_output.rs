//! A reader that goes away (`chesslantis moves | head -1`) ends the program
//! quietly with status 0, as `cat` or `ls` would: no error line, no panic.
//!
//! Our own commands write with `writeln!` and pass the error up, which
//! `UsageError` turns into [`MARKER`]; printing done with `println!` in code
//! we call (it panics on a closed stdout) is caught by the panic hook.

use std::any::Any;
use std::io;

/// The `UsageError` text that means "stdout is closed: end quietly".
pub const MARKER: &str = "\u{0}stdout closed";

/// Whether an error is a write to an output nobody reads any more.
pub fn is_closed_output(error: &dyn Any) -> bool {
    error.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// Makes a `println!` panic on a closed stdout end the process with status 0
/// and nothing on stderr; every other panic is reported as before.
pub fn end_quietly_on_closed_stdout() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        report(info)
    }));
}
