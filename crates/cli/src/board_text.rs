//! Drawing a board from an observation's FEN, for any board width.

use chesslantis_core::Shape;

/// The board as text: rank numbers on the left, file letters below.
pub fn draw(shape: Shape, fen: &str) -> String {
    let board = fen.split_whitespace().next().unwrap_or("");
    let mut out = String::new();
    for (i, row) in board.split('/').enumerate() {
        let rank = shape.ranks as usize - i;
        out.push_str(&format!("{rank:>2} "));
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut n = d;
                while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n * 10 + d2;
                    chars.next();
                }
                for _ in 0..n {
                    out.push_str(" .");
                }
            } else {
                out.push(' ');
                out.push(c);
            }
        }
        out.push('\n');
    }
    out.push_str("   ");
    for f in 0..shape.files {
        out.push(' ');
        out.push((b'a' + f) as char);
    }
    out.push('\n');
    out
}
