//! How a roll's bytes pick a Bermuda Angle square, exactly as
//! docs/protocol.md ("dice") tells a third party to recompute it: the
//! HMAC block, its first 32-bit word, the rejection step, the number below
//! 36, and the square that number names (c3 = 0, d3 = 1, ... h3 = 5, c4 = 6,
//! ... h8 = 35: rank by rank from White's side, files c to h in each).

use chesslantis_server::game::dice::Seed;
use chesslantis_core::{pick_chance, Dice, DynGame, Seat};
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The Angle's squares in the order the dice number them.
fn numbered_squares() -> Vec<String> {
    (3..=8).flat_map(|rank| ('c'..='h').map(move |file| format!("{file}{rank}"))).collect()
}

/// Dice that always give `n`.
struct Fixed(u32);

impl Dice for Fixed {
    fn below(&mut self, _n: u32) -> u32 {
        self.0
    }
}

/// A bermuda-angle game at a chance node: e2e4 passes e3 and e4, in the Angle.
fn awaiting_a_roll() -> DynGame {
    let mut game = DynGame::new("bermuda-angle", None).unwrap();
    game.apply(Seat::White, "e2e4").unwrap();
    assert_eq!(game.to_act(), Some(Seat::Chance));
    game
}

#[test]
fn the_number_below_36_names_the_angle_square_rank_by_rank() {
    let game = awaiting_a_roll();
    let outcomes = game.chance_outcomes();
    let expected: Vec<String> = numbered_squares().iter().map(|sq| format!("roll {sq}")).collect();
    assert_eq!(outcomes.iter().map(|(text, _)| text.clone()).collect::<Vec<_>>(), expected);
    assert!(outcomes.iter().all(|(_, p)| (p.num, p.den) == (1, 36)), "each square 1/36");
    for (n, square) in numbered_squares().iter().enumerate() {
        assert_eq!(pick_chance(&outcomes, &mut Fixed(n as u32)), format!("roll {square}"));
    }
}

/// The worked example of docs/protocol.md, recomputed from its bytes.
#[test]
fn the_worked_example_in_the_protocol_recomputes() {
    let seed = [0u8; 32];
    let ply: u64 = 3;
    let mut mac = Hmac::<Sha256>::new_from_slice(&seed).unwrap();
    mac.update(&ply.to_be_bytes());
    mac.update(&0u32.to_be_bytes());
    let block = mac.finalize().into_bytes();
    let word = u32::from_be_bytes([block[0], block[1], block[2], block[3]]);
    let limit: u64 = (1u64 << 32) - (1u64 << 32) % 36;
    assert_eq!(limit, 4_294_967_292);
    assert!(u64::from(word) < limit, "the first word is kept");
    let n = word % 36;
    let square = &numbered_squares()[n as usize];

    // The server's own dice and the game agree.
    let server_seed = Seed::from_bytes(seed);
    assert_eq!(server_seed.dice_at(ply).below(36), n);
    let game = awaiting_a_roll();
    assert_eq!(pick_chance(&game.chance_outcomes(), &mut server_seed.dice_at(ply)), format!("roll {square}"));

    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/protocol.md")).unwrap();
    let example = format!(
        "block 0 begins `{}`, its first word is 0x{word:08x} = {word}, below 4294967292, so kept; {word} mod 36 = {n}: `roll {square}`",
        hex::encode(&block[..4])
    );
    assert!(text.contains(&example), "docs/protocol.md should hold the worked example:\n{example}");
}
