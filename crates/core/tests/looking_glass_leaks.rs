//! Looking-Glass: what each player is told and nothing more. Non-interference
//! (two games that differ only in a world a player cannot see give that player
//! the same views, byte for byte), spectators, and the leak test: over random
//! games, no view of a player names a square of the world it cannot see
//! unless the rules told it something about that square, by a deliberately
//! simple account of the rules written here, apart from the referee.

use chesslantis_core::variants::looking_glass::GlassPending;
use chesslantis_core::view::Pending;
use chesslantis_core::{Color, DynGame, Seat, SplitMix, Viewer};
use std::collections::{BTreeSet, HashMap};

/// A board as a map from square name (`Re4`) to FEN letter.
type Board = HashMap<String, char>;

fn board(game: &DynGame) -> Board {
    let fen = game.game().fen();
    let placement = fen.split(' ').next().unwrap_or_default();
    let mut out = Board::new();
    for (world, part) in ["R", "M"].iter().zip(placement.split('|')) {
        for (row, rank) in part.split('/').enumerate() {
            let mut file = 0u8;
            for c in rank.chars() {
                match c.to_digit(10) {
                    Some(n) => file += n as u8,
                    None => {
                        out.insert(format!("{world}{}{}", (b'a' + file) as char, 8 - row), c);
                        file += 1;
                    }
                }
            }
        }
    }
    out
}

fn world_of(color: Color) -> &'static str {
    match color {
        Color::White => "R",
        Color::Black => "M",
    }
}

fn owner(letter: char) -> Color {
    if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    }
}

fn portal(square: &str) -> String {
    let other = if square.starts_with('R') { "M" } else { "R" };
    format!("{other}{}", &square[1..])
}

fn at(world: &str, file: i32, rank: i32) -> Option<String> {
    ((0..8).contains(&file) && (1..=8).contains(&rank)).then(|| format!("{world}{}{rank}", (b'a' + file as u8) as char))
}

fn coords(square: &str) -> (i32, i32) {
    let b = square.as_bytes();
    ((b[1] - b'a') as i32, (b[2] - b'0') as i32)
}

/// The squares a piece on `square` attacks, walked step by step; for a pawn
/// also the square in front of it (the rules tell what stands there).
fn told_about_arrival(board: &Board, square: &str, letter: char) -> Vec<String> {
    let world = &square[..1];
    let (f, r) = coords(square);
    let up = if owner(letter) == Color::White { 1 } else { -1 };
    let steps: &[(i32, i32)] = match letter.to_ascii_lowercase() {
        'p' => &[(-1, up), (1, up), (0, up)],
        'n' => &[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)],
        'k' => &[(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)],
        _ => &[],
    };
    let mut out: Vec<String> = steps.iter().filter_map(|&(df, dr)| at(world, f + df, r + dr)).collect();
    let lines: &[(i32, i32)] = match letter.to_ascii_lowercase() {
        'b' => &[(1, 1), (1, -1), (-1, -1), (-1, 1)],
        'r' => &[(0, 1), (1, 0), (0, -1), (-1, 0)],
        'q' => &[(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)],
        _ => &[],
    };
    for &(df, dr) in lines {
        let mut n = 1;
        while let Some(sq) = at(world, f + n * df, r + n * dr) {
            out.push(sq.clone());
            if board.contains_key(&sq) {
                break;
            }
            n += 1;
        }
    }
    out
}

/// What one player may know of the world it cannot see, as the squares the
/// rules told it something about.
struct Allowed {
    color: Color,
    squares: BTreeSet<String>,
}

impl Allowed {
    fn unseen(&self) -> &'static str {
        world_of(!self.color)
    }

    /// Learns what the action by `decider` (`action`, from `before` to
    /// `after`) tells this player about the world it cannot see.
    fn learn(&mut self, decider: Color, action: &str, before: &Board, after: &Board) {
        let unseen = self.unseen();
        let setup = action.starts_with("start");
        let own = decider == self.color;
        // A move or an order in the unseen world (its from-square is there).
        let there = action.starts_with(unseen);
        // Its own pieces there: it always knows where they are.
        for (sq, &letter) in before.iter().chain(after.iter()) {
            if sq.starts_with(unseen) && owner(letter) == self.color {
                self.squares.insert(sq.clone());
            }
        }
        if setup {
            return;
        }
        if own {
            // The squares it named itself.
            for i in 0..action.len().saturating_sub(2) {
                if action[i..].starts_with(unseen) {
                    self.squares.insert(action[i..i + 3].to_string());
                }
            }
        }
        let all: BTreeSet<&String> = before.keys().chain(after.keys()).collect();
        for sq in all.into_iter().filter(|s| before.get(*s) != after.get(*s)) {
            if !sq.starts_with(unseen) {
                // A piece landed in its world: whether it passed tells the square beyond.
                if after.contains_key(sq) {
                    self.squares.insert(portal(sq));
                }
                continue;
            }
            let took_mine = before.get(sq).is_some_and(|&l| owner(l) == self.color);
            // Its own decisions are told in full, and the opponent's orders in
            // its own world; of the opponent's moves there, only what they took of its pieces.
            if own || took_mine || !there {
                self.squares.insert(sq.clone());
            }
            // A piece that came through into the unseen world tells what it attacks there.
            if let Some(&letter) = after.get(sq).filter(|_| !there) {
                self.squares.extend(told_about_arrival(after, sq, letter));
            }
        }
    }

    /// The squares of the unseen world a view names that the rules did not tell.
    fn leaks(&self, view_json: &str) -> Vec<String> {
        let unseen = self.unseen().as_bytes()[0];
        let b = view_json.as_bytes();
        let mut out = Vec::new();
        for i in 0..b.len().saturating_sub(3) {
            let named = b[i] == unseen
                && (b'a'..=b'h').contains(&b[i + 1])
                && (b'1'..=b'8').contains(&b[i + 2])
                && (i == 0 || !b[i - 1].is_ascii_alphabetic())
                && !b.get(i + 3).is_some_and(|c| c.is_ascii_digit());
            if named {
                let sq = String::from_utf8_lossy(&b[i..i + 3]).to_string();
                if !self.squares.contains(&sq) {
                    out.push(sq);
                }
            }
        }
        out
    }
}

/// The view of `color` without its legal list (orders are listed from its own
/// pieces' squares on an empty board: they name squares, not facts).
fn view_json(game: &DynGame, viewer: Viewer) -> String {
    let mut view = game.view(viewer);
    view.legal.clear();
    if game.outcome().is_none() {
        let unseen = viewer.color().map_or("*|*", |c| if c == Color::White { "|*" } else { "*|" });
        assert!(view.fen.contains(unseen), "the unseen world is hidden in the FEN: {}", view.fen);
        // The FEN's own world is the board already; its letters would read as squares.
        view.fen.clear();
    }
    serde_json::to_string(&view).expect("a view serialises")
}

/// A random action of the seat to act: own moves mostly, orders, sometimes
/// the question, a random start during the setup.
fn random_action(game: &DynGame, rng: &mut SplitMix) -> Option<(Seat, String)> {
    let seat = game.to_act()?;
    let legal = game.view(Viewer::of_seat(seat)).legal;
    let (orders, rest): (Vec<_>, Vec<_>) =
        legal.iter().partition(|a| a.note.as_deref().is_some_and(|n| n.starts_with("order")));
    let pick = |list: &Vec<&chesslantis_core::view::LegalAction>, rng: &mut SplitMix| {
        (!list.is_empty()).then(|| list[(rng.next_u64() % list.len() as u64) as usize].text.clone())
    };
    let text = if !orders.is_empty() && rng.next_u64().is_multiple_of(4) {
        pick(&orders, rng)
    } else {
        pick(&rest, rng).or_else(|| pick(&orders, rng))
    }?;
    Some((seat, text))
}

#[test]
fn no_view_of_a_player_names_an_unseen_square_the_rules_did_not_disclose() {
    let games: u64 = std::env::var("LG_LEAK_GAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(200);
    let mut plies = 0;
    for seed in 0..games {
        let rule = if seed % 3 == 0 { "forfeit" } else { "strikes" };
        let start = format!("8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w -|- - 0 1 0,0 {rule} setup-white");
        let mut game = DynGame::new("looking-glass", Some(&start)).expect("start");
        let mut rng = SplitMix::new(seed);
        let mut allowed = Color::ALL.map(|color| Allowed { color, squares: BTreeSet::new() });
        for _ in 0..300 {
            let Some((seat, text)) = random_action(&game, &mut rng) else { break };
            let before = board(&game);
            game.apply(seat, &text).unwrap_or_else(|e| panic!("seed {seed}: {seat} {text}: {}", e.message));
            let after = board(&game);
            let decider = seat.color().expect("a player acts");
            for a in &mut allowed {
                a.learn(decider, &text, &before, &after);
            }
            if game.outcome().is_some() {
                break;
            }
            plies += 1;
            for a in &allowed {
                let json = view_json(&game, Viewer::player(a.color));
                let leaks = a.leaks(&json);
                assert!(leaks.is_empty(), "seed {seed}, after {seat} {text}: {} is told of {leaks:?}\n{json}", a.color);
            }
            let spectator = game.view(Viewer::Spectator);
            assert!(spectator.boards.is_empty() && spectator.knowledge.log.is_empty(), "seed {seed}: a spectator sees nothing");
            assert!(spectator.last.as_ref().is_none_or(|l| l.text.is_none() && l.events.is_empty()));
        }
    }
    assert!(plies > games * 5, "the games were played ({plies} plies)");
}

/// Plays the same actions in two games and compares `viewer`'s views.
fn same_views(a: &str, b: &str, viewer: Viewer, actions: &[(Seat, &str)]) {
    let mut games = [a, b].map(|fen| DynGame::new("looking-glass", Some(fen)).expect("fen"));
    for (seat, text) in actions {
        for g in &mut games {
            g.apply(*seat, text).unwrap_or_else(|e| panic!("{seat} {text}: {}", e.message));
        }
        let [x, y] = games.each_ref().map(|g| view_json(g, viewer));
        assert_eq!(x, y, "after {seat} {text}");
        let [x, y] = games.each_ref().map(|g| serde_json::to_string(&g.view(viewer).legal).unwrap());
        assert_eq!(x, y, "legal after {seat} {text}");
    }
    assert_ne!(games[0].view(Viewer::Referee).fen, games[1].view(Viewer::Referee).fen, "the games differ");
}

#[test]
fn two_games_that_differ_only_in_the_unseen_world_look_the_same() {
    let start = "8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w -|- - 0 1 0,0 strikes setup-white";
    let play: &[(Seat, &str)] = &[
        (Seat::White, "start fide"),
        (Seat::Black, "start fide"),
        (Seat::White, "Ra2Ra3"),
        (Seat::Black, "Mh7Mh6"),
        (Seat::White, "ask"),
        (Seat::White, "Rb2Rb4"),
        (Seat::Black, "Mg7Mg5"),
        (Seat::White, "Mb4Mb5"),
        (Seat::Black, "Rh6Rh5"),
    ];
    // Black's start differs (king and queen swapped): White cannot tell.
    let mut other = play.to_vec();
    other[1] = (Seat::Black, "start RNBKQBNR");
    let mut games = [play, &other[..]].map(|actions| {
        let mut g = DynGame::new("looking-glass", Some(start)).expect("start");
        let mut views = Vec::new();
        for (seat, text) in actions {
            g.apply(*seat, text).unwrap_or_else(|e| panic!("{seat} {text}: {}", e.message));
            views.push(view_json(&g, Viewer::White) + &serde_json::to_string(&g.view(Viewer::White).legal).unwrap());
        }
        (g, views)
    });
    assert_eq!(games[0].1, games[1].1, "White's views, step by step");
    assert_ne!(games[0].0.view(Viewer::Referee).fen, games[1].0.view(Viewer::Referee).fen);
    assert_ne!(view_json(&games[0].0, Viewer::Black), view_json(&games[1].0, Viewer::Black));
    let _ = &mut games;
    // Pieces deep in White's world differ: Black cannot tell.
    same_views(
        "8/8/8/8/8/8/8/RN2K3|7k/8/8/8/8/8/8/8 b -|- - 0 1 0,0 strikes play",
        "8/8/8/8/8/8/8/R3K2B|7k/8/8/8/8/8/8/8 b -|- - 0 1 0,0 strikes play",
        Viewer::Black,
        &[(Seat::Black, "Mh8Mg8"), (Seat::White, "Ra1Ra2"), (Seat::Black, "ask"), (Seat::Black, "Rg8Rf8")],
    );
}

/// The whole view of `viewer` as JSON: boards, FEN, legal actions with their
/// texts, notes, log, last action.
fn whole_view(game: &DynGame, viewer: Viewer) -> String {
    serde_json::to_string(&game.view(viewer)).expect("a view serialises")
}

/// Plays `actions` in a game from `fen` (the start when `None`) and returns
/// `viewer`'s whole view after each, and the game.
fn views_after_each(fen: Option<&str>, actions: &[(Seat, &str)], viewer: Viewer) -> (Vec<String>, DynGame) {
    let mut game = DynGame::new("looking-glass", fen).expect("fen");
    let mut views = vec![whole_view(&game, viewer)];
    for (seat, text) in actions {
        game.apply(*seat, text).unwrap_or_else(|e| panic!("{seat} {text}: {}", e.message));
        views.push(whole_view(&game, viewer));
    }
    (views, game)
}

/// A game: the FEN it starts from (the start when `None`) and its actions.
type Script<'a> = (Option<&'a str>, Vec<(Seat, &'a str)>);

/// Games whose differences `viewer` may not know give `viewer`
/// byte-identical views after every action.
fn alike_for(viewer: Viewer, games: &[Script]) {
    let played: Vec<(Vec<String>, DynGame)> = games.iter().map(|(fen, actions)| views_after_each(*fen, actions, viewer)).collect();
    for (k, (views, game)) in played.iter().enumerate().skip(1) {
        for (step, (a, b)) in played[0].0.iter().zip(views).enumerate() {
            assert_eq!(a, b, "{viewer:?} tells game 0 from game {k} after {step} actions");
        }
        assert_ne!(game.view(Viewer::Referee).fen, played[0].1.view(Viewer::Referee).fen, "game {k} differs from game 0");
    }
}

/// The castling a player's legal list offers (SAN `O-O`), by its text.
fn castling_text(game: &DynGame, viewer: Viewer) -> String {
    let legal = game.view(viewer).legal;
    legal.iter().find(|a| a.san.as_deref() == Some("O-O")).unwrap_or_else(|| panic!("no O-O in {legal:?}")).text.clone()
}

#[test]
fn castling_is_written_alike_whatever_stands_in_the_world_the_castler_cannot_see() {
    // The referee's example: Black's king on e8 or d8 (a Chess960 position) in the Mirror world.
    let fen = |mirror: &str, castling: &str| format!("8/8/8/8/8/8/8/4K2R|{mirror}/8/8/8/8/8/8/8 w K|{castling} - 0 1 0,0 strikes play");
    let positions = [fen("4k2r", "k"), fen("3k3r", "k"), fen("r3k3", "q"), fen("1r2k1r1", "gb"), fen("4k3", "-")];
    let games: Vec<Script> =
        positions.iter().map(|f| (Some(f.as_str()), vec![(Seat::White, "O-O")])).collect();
    alike_for(Viewer::White, &games);
    let game = DynGame::new("looking-glass", Some(&positions[1])).unwrap();
    assert_eq!(castling_text(&game, Viewer::White), "Re1Rh1", "castling is written king-takes-rook");

    // The same for Black, White's world varying.
    let fen = |real: &str, castling: &str| format!("8/8/8/8/8/8/8/{real}|4k2r/8/8/8/8/8/8/8 b {castling}|k - 0 1 0,0 strikes play");
    let positions = [fen("4K2R", "K"), fen("3K3R", "K"), fen("R3K3", "Q"), fen("4K3", "-")];
    let games: Vec<Script> =
        positions.iter().map(|f| (Some(f.as_str()), vec![(Seat::Black, "O-O")])).collect();
    alike_for(Viewer::Black, &games);
}

#[test]
fn castling_tells_nothing_of_the_opponents_secret_start() {
    // White sets up the FIDE start, clears f1 and g1 (each piece passing into
    // the Mirror world), and castles; Black only moves pawns. Black's start
    // (king on e8, on d8, a Chess960 start) must not show in White's texts.
    let white_castles = |black_start: &'static str| -> Script<'static> {
        let actions = vec![
            (Seat::White, "start fide"),
            (Seat::Black, black_start),
            (Seat::White, "Rg1Rh3"),
            (Seat::Black, "Ma7Ma6"),
            (Seat::White, "Re2Re4"),
            (Seat::Black, "Mh7Mh6"),
            (Seat::White, "Rf1Rc4"),
            (Seat::Black, "Mb7Mb6"),
            (Seat::White, "O-O"),
            (Seat::Black, "Mg7Mg6"),
        ];
        (None, actions)
    };
    alike_for(Viewer::White, &[white_castles("start fide"), white_castles("start RNBKQBNR"), white_castles("start NRKBBQRN")]);

    // And the other way round: White's start varies, Black castles.
    let black_castles = |white_start: &'static str| -> Script<'static> {
        let actions = vec![
            (Seat::White, white_start),
            (Seat::Black, "start fide"),
            (Seat::White, "Ra2Ra3"),
            (Seat::Black, "Mg8Mh6"),
            (Seat::White, "Rh2Rh3"),
            (Seat::Black, "Me7Me5"),
            (Seat::White, "Rb2Rb3"),
            (Seat::Black, "Mf8Mc5"),
            (Seat::White, "Rg2Rg3"),
            (Seat::Black, "O-O"),
            (Seat::White, "Rc2Rc3"),
        ];
        (None, actions)
    };
    alike_for(Viewer::Black, &[black_castles("start fide"), black_castles("start RNBKQBNR"), black_castles("start NRKBBQRN")]);
}

/// The spectator's whole view as JSON.
fn spectator(game: &DynGame) -> String {
    whole_view(game, Viewer::Spectator)
}

#[test]
fn a_spectator_sees_only_whose_turn_it_is_until_the_end() {
    // A Strike, a question and a move with other pieces: the turn stays or
    // passes alike, and the spectator sees nothing else.
    let strike: Vec<(Seat, &str)> = vec![(Seat::White, "start fide"), (Seat::Black, "start fide"), (Seat::White, "Mb1Mc3"), (Seat::White, "Ra2Ra3")];
    let asked: Vec<(Seat, &str)> =
        vec![(Seat::White, "start NRKBBQRN"), (Seat::Black, "start RNBKQBNR"), (Seat::White, "ask"), (Seat::White, "Rb2Rb4")];
    let (strike_views, strike_game) = views_after_each(None, &strike, Viewer::Spectator);
    let (asked_views, asked_game) = views_after_each(None, &asked, Viewer::Spectator);
    assert_eq!(strike_views, asked_views, "a Strike and a question look alike");
    assert!(strike_game.view(Viewer::White).knowledge.notes.iter().any(|n| n.starts_with("Strikes: White 1")));
    assert_ne!(strike_game.view(Viewer::Referee).fen, asked_game.view(Viewer::Referee).fen);

    // The forfeit rule: Black choosing White's move looks like Black's turn.
    let forfeit = |real: &str, mirror: &str| format!("{real}|{mirror} w -|- - 0 1 0,0 forfeit play");
    let mut chooses = DynGame::new("looking-glass", Some(&forfeit("8/8/8/8/8/8/8/4K3", "4k3/8/8/8/8/8/8/N7"))).unwrap();
    chooses.apply(Seat::White, "Mb1Mc3").unwrap();
    assert_eq!(chooses.view(Viewer::Black).pending, Some(Pending::own(GlassPending::MoveForOpponent { for_side: Color::White })));
    let mut moved = DynGame::new("looking-glass", Some(&forfeit("8/8/8/8/8/8/8/R3K3", "3k4/8/8/8/8/8/8/8"))).unwrap();
    moved.apply(Seat::White, "Ra1Ra5").unwrap();
    let mut strikes = DynGame::new("looking-glass", Some("8/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/N7 w -|- - 0 1 2,1 strikes play")).unwrap();
    strikes.apply(Seat::White, "Re1Rd1").unwrap();
    assert_eq!(spectator(&chooses), spectator(&moved), "a forfeit's choice looks like Black's turn");
    assert_eq!(spectator(&chooses), spectator(&strikes), "nor do Strikes or the rule show");

    let view = chooses.view(Viewer::Spectator);
    assert_eq!(view.to_act, Some(Seat::Black), "whose turn it is shows");
    assert_eq!(
        (view.boards.len(), view.fen.as_str(), view.pending, view.legal.len(), view.last, view.moves.len()),
        (0, "*|* * *|* * * * * * *", None, 0, None, 0)
    );
    assert_eq!(view.knowledge.notes, vec!["A spectator sees nothing of a Looking-Glass game but whose turn it is until the end."]);

    // At the end, everything.
    chooses.apply(Seat::White, "resign").unwrap();
    let end = chooses.view(Viewer::Spectator);
    assert_eq!(end.boards.len(), 2);
    assert_eq!(end.fen, "8/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/N7 w -|- - 0 1 0,0 forfeit choose");
    assert!(end.last.is_some_and(|l| l.text.as_deref() == Some("resign")));
}
