//! Chess960 starts for lichess's `chess960` challenges: start number `n`
//! (0 to 959, Scharnagl's numbering, 518 the usual start) as a FEN with
//! X-FEN/Shredder castling letters, which core's chess reads as 960 castling.

/// The starts there are.
pub const STARTS: u16 = 960;

/// A start number drawn at random.
pub fn random_number() -> Result<u16, String> {
    let mut b = [0u8; 2];
    getrandom::fill(&mut b).map_err(|e| format!("no random source: {e}"))?;
    Ok(u16::from_le_bytes(b) % STARTS)
}

/// White's back rank of start `n` (taken modulo 960), as letters a to h.
pub fn back_rank(n: u16) -> [u8; 8] {
    let mut rank = [0u8; 8];
    let mut n = (n % STARTS) as usize;
    // Bishops on a light then a dark square, then the queen and the knights
    // on the free squares, counted from a; rook, king, rook on the rest.
    rank[(n % 4) * 2 + 1] = b'B';
    n /= 4;
    rank[(n % 4) * 2] = b'B';
    n /= 4;
    let free = |rank: &[u8; 8], k: usize| rank.iter().enumerate().filter(|(_, p)| **p == 0).nth(k).map(|(i, _)| i).unwrap_or(0);
    let q = free(&rank, n % 6);
    rank[q] = b'Q';
    n /= 6;
    const KNIGHTS: [(usize, usize); 10] = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];
    let (a, b) = KNIGHTS[n];
    let (ka, kb) = (free(&rank, a), free(&rank, b));
    rank[ka] = b'N';
    rank[kb] = b'N';
    for piece in [b'R', b'K', b'R'] {
        let i = free(&rank, 0);
        rank[i] = piece;
    }
    rank
}

/// Start `n` as a FEN, castling written by the rooks' files (`HAha` for 518).
pub fn start_fen(n: u16) -> String {
    let rank = back_rank(n);
    let white: String = rank.iter().map(|&p| p as char).collect();
    let rooks: Vec<char> = rank.iter().enumerate().filter(|(_, p)| **p == b'R').map(|(i, _)| (b'a' + i as u8) as char).collect();
    let castling: String = rooks.iter().rev().map(|c| c.to_ascii_uppercase()).chain(rooks.iter().rev().copied()).collect();
    format!("{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {castling} - 0 1", white.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_518_is_the_usual_one_and_every_start_is_legal() {
        assert_eq!(&back_rank(518), b"RNBQKBNR");
        assert_eq!(&back_rank(0), b"BBQNNRKR");
        for n in 0..STARTS {
            let fen = start_fen(n);
            assert!(chesslantis_core::DynGame::new("chess", Some(&fen)).is_ok(), "{n}: {fen}");
        }
    }
}
