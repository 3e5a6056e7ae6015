//! The terminal: lines, prompts, and on a shared screen (two players, hidden
//! information) a private view that never reaches the shared scrollback.
//!
//! A player's private view (their own Beirut carrier) is drawn on the
//! terminal's alternate screen, which keeps no scrollback and is gone when
//! left; every hand-over also clears the main screen and its scrollback
//! (`ESC[3J`), so scrolling up shows nothing of the other player's turn.

use std::io::{self, Stdout, Write};

/// Switches to the alternate screen and clears it.
pub const ENTER_PRIVATE: &str = "\x1b[?1049h\x1b[2J\x1b[H";
/// Leaves the alternate screen: its content is gone.
pub const LEAVE_PRIVATE: &str = "\x1b[?1049l";
/// Clears the screen and the scrollback, cursor home.
pub const CLEAR_ALL: &str = "\x1b[2J\x1b[3J\x1b[H";

pub struct Screen {
    out: Stdout,
    private: bool,
}

impl Screen {
    pub fn new() -> Screen {
        Screen { out: io::stdout(), private: false }
    }

    pub fn line(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.out, "{text}")
    }

    /// Text without a newline, shown at once (a prompt).
    pub fn prompt(&mut self, text: &str) -> io::Result<()> {
        write!(self.out, "{text}")?;
        self.out.flush()
    }

    /// Shows a player's own view from here on, off the shared scrollback.
    pub fn enter_private(&mut self) -> io::Result<()> {
        if !self.private {
            self.private = true;
            write!(self.out, "{ENTER_PRIVATE}")?;
        }
        Ok(())
    }

    /// Back to the shared screen; the private view is gone.
    pub fn leave_private(&mut self) -> io::Result<()> {
        if self.private {
            self.private = false;
            write!(self.out, "{LEAVE_PRIVATE}")?;
            self.out.flush()?;
        }
        Ok(())
    }

    /// Clears the shared screen and its scrollback.
    pub fn clear_all(&mut self) -> io::Result<()> {
        write!(self.out, "{CLEAR_ALL}")
    }
}

impl Drop for Screen {
    /// A game that ends while a private view is up (end of input, quit)
    /// leaves the terminal as it found it.
    fn drop(&mut self) {
        let _ = self.leave_private();
    }
}
