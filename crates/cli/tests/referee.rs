//! `chesslantis referee`: JSON actions in, every seat's view out, driven
//! through the real binary (docs/protocol.md).

mod support;

use serde_json::Value;

/// Runs the referee on `lines`; returns one parsed answer per line.
fn referee(args: &[&str], lines: &[&str]) -> Vec<Value> {
    let mut all = vec!["referee"];
    all.extend_from_slice(args);
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let output = support::run_with_input(&all, &input);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    stdout.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

fn code(answer: &Value) -> &str {
    assert_eq!(answer["ok"], false, "{answer}");
    answer["error"]["code"].as_str().expect("a code")
}

fn view<'a>(answer: &'a Value, seat: &str) -> &'a Value {
    assert_eq!(answer["ok"], true, "{answer}");
    &answer["views"][seat]
}

#[test]
fn each_action_line_gets_every_seats_view() {
    let answers = referee(&["--variant", "chess"], &[r#"{"seat":"white","action":"e2e4"}"#, r#"{"seat":"black","action":"e5"}"#]);
    assert_eq!(answers.len(), 2);
    let first = &answers[0];
    for seat in ["white", "black", "spectator"] {
        assert_eq!(view(first, seat)["to_act"], "black");
        assert_eq!(view(first, seat)["last"]["san"], "e4");
    }
    assert_eq!(view(first, "white")["legal"].as_array().unwrap().len(), 0);
    assert_eq!(view(first, "black")["legal"].as_array().unwrap().len(), 20);
    assert_eq!(view(first, "spectator")["legal"].as_array().unwrap().len(), 0);
    let moves = &view(&answers[1], "spectator")["moves"];
    assert_eq!(moves.as_array().unwrap().len(), 2);
    assert_eq!(moves[1]["san"], "e5");
    assert_eq!(moves[1]["seat"], "black");
}

#[test]
fn bad_lines_get_a_clear_error_and_the_referee_goes_on_with_the_game_unchanged() {
    let huge = format!(r#"{{"seat":"white","action":"{}"}}"#, "a".repeat(100_000));
    let good = [r#"{"seat":"white","action":"e2e4"}"#, r#"{"seat":"black","action":"e7e5"}"#];
    let with_bad = [
        "not json",
        good[0],
        r#"{"seat":"black","action":"e7e5","extra":1}"#,
        huge.as_str(),
        r#"{"seat":"purple","action":"e7e5"}"#,
        r#"{"action":"e7e5"}"#,
        r#"{"seat":"white","action":"d2d4"}"#,
        r#"{"seat":"black","action":"e7e4"}"#,
        r#"{"seat":"chance","action":"roll e5"}"#,
        good[1],
    ];
    let answers = referee(&["--variant", "chess"], &with_bad);
    let codes: Vec<&str> = answers[..answers.len() - 1].iter().filter(|a| a["ok"] == false).map(code).collect();
    assert_eq!(codes, ["bad_request", "bad_request", "bad_request", "bad_request", "bad_request", "not_your_turn", "illegal", "wrong_seat"]);
    for answer in answers.iter().filter(|a| a["ok"] == false) {
        assert!(answer["error"]["message"].as_str().unwrap().len() > 20, "{answer}");
    }
    let clean = referee(&["--variant", "chess"], &good);
    assert_eq!(answers.last(), clean.last(), "the bad lines changed the game");
}

#[test]
fn the_referee_rolls_the_dice_unless_rolls_are_forced() {
    let e4 = r#"{"seat":"white","action":"e2e4"}"#;
    let seeded = referee(&["--variant", "bermuda-angle", "--seed", "5"], &[e4]);
    let spectator = view(&seeded[0], "spectator");
    assert_eq!(spectator["to_act"], "black", "the roll is made at once");
    assert_eq!(spectator["last"]["seat"], "chance");
    assert!(spectator["knowledge"]["last_roll"].is_string());
    assert_eq!(seeded, referee(&["--variant", "bermuda-angle", "--seed", "5"], &[e4]), "the same seed, the same rolls");
    let secret_seed = "8472619053";
    let game = referee(&["--variant", "bermuda-angle", "--seed", secret_seed], &[e4, r#"{"seat":"black","action":"e9e8"}"#]);
    assert!(game.iter().all(|answer| !answer.to_string().contains(secret_seed)), "the seed reached a view");
    assert_eq!(code(&referee(&["--variant", "bermuda-angle"], &[e4, r#"{"seat":"chance","action":"roll e4"}"#])[1]), "wrong_seat");

    let forced = referee(
        &["--variant", "bermuda-angle", "--forced-rolls"],
        &[e4, r#"{"seat":"black","action":"e9e8"}"#, r#"{"seat":"chance","action":"roll e4"}"#],
    );
    assert_eq!(view(&forced[0], "white")["to_act"], "chance");
    assert_eq!(view(&forced[0], "white")["pending"]["kind"], "roll");
    assert_eq!(code(&forced[1]), "not_your_turn");
    let events = &view(&forced[2], "black")["last"]["events"];
    assert_eq!(events[0]["kind"], "rolled");
    assert_eq!(events[1]["kind"], "vanished");
    assert_eq!(events[1]["words"], "the white pawn vanished on its way to e4");
}

#[test]
fn a_beirut_carrier_is_in_its_owners_view_only() {
    let answers = referee(
        &["--variant", "beirut"],
        &[r#"{"seat":"white","action":"carrier g1"}"#, r#"{"seat":"black","action":"carrier b8"}"#],
    );
    let after_white = &answers[0];
    assert_eq!(view(after_white, "white")["knowledge"]["own_carrier"], "g1");
    assert_eq!(view(after_white, "white")["last"]["text"], "carrier g1");
    for other in ["black", "spectator"] {
        let seen = view(after_white, other);
        assert!(seen["knowledge"]["own_carrier"].is_null());
        assert!(seen["last"]["text"].is_null(), "{seen}");
        assert!(!seen.to_string().contains("g1\"]"), "{other} sees the carrier: {seen}");
    }
    assert_eq!(view(after_white, "black")["pending"]["kind"], "choose_carrier");
    assert_eq!(view(&answers[1], "white")["fen"].as_str().unwrap().rsplit(' ').next(), Some("g1,*"));
    assert_eq!(view(&answers[1], "spectator")["fen"].as_str().unwrap().rsplit(' ').next(), Some("*,*"));
}

#[test]
fn a_rejection_proposal_is_answered_by_the_opponent() {
    let answers = referee(
        &["--variant", "rejection"],
        &[r#"{"seat":"white","action":"e2e4"}"#, r#"{"seat":"black","action":"reject"}"#, r#"{"seat":"white","action":"e2e4"}"#, r#"{"seat":"white","action":"d2d4"}"#],
    );
    let pending = &view(&answers[0], "black")["pending"];
    assert_eq!((pending["kind"].as_str(), pending["proposal"].as_str()), (Some("answer_proposal"), Some("e2e4")));
    let legal: Vec<&str> = view(&answers[0], "black")["legal"].as_array().unwrap().iter().map(|l| l["text"].as_str().unwrap()).collect();
    assert_eq!(legal, ["accept", "reject"]);
    assert_eq!(view(&answers[1], "white")["pending"]["rejected"], "e2e4");
    assert_eq!(code(&answers[2]), "not_allowed");
    // The score shows the rejected proposal, marked, then the move that stood.
    let moves = &view(&answers[3], "spectator")["moves"];
    assert_eq!((moves[0]["san"].as_str(), moves[0]["rejected"].as_bool()), (Some("e4"), Some(true)), "{moves}");
    assert_eq!((moves[1]["san"].as_str(), moves[1].get("rejected")), (Some("d4"), None), "{moves}");
}

#[test]
fn an_unknown_variant_or_bad_position_is_refused_at_the_start() {
    let output = support::run_with_input(&["referee", "--variant", "nochess"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown variant 'nochess'; choose one of: chess"));
    let output = support::run_with_input(&["referee", "--variant", "chess", "--fen", "8/8 w"], "");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn looking_glass_through_the_referee_tells_each_player_only_its_share() {
    let answers = referee(
        &["--variant", "looking-glass"],
        &[
            r#"{"seat":"white","action":"start NRKBBQRN"}"#,
            r#"{"seat":"black","action":"start fide"}"#,
            r#"{"seat":"white","action":"Ra2Ra4"}"#,
            r#"{"seat":"black","action":"Ra4Ra5"}"#,
            r#"{"seat":"black","action":"Mb7Mb6"}"#,
            r#"{"seat":"white","action":"Ma4Ma5"}"#,
        ],
    );
    let setup = &answers[0];
    assert_eq!(view(setup, "white")["last"]["text"], "start NRKBBQRN");
    // Black's own offer lists every start (White's too); the rest of its view names none.
    let mut black = view(setup, "black").clone();
    black["legal"] = Value::Null;
    assert!(!black.to_string().contains("NRKBBQRN"), "Black's view names White's start: {black}");
    assert_eq!(view(setup, "black")["last"]["text"], Value::Null, "Black does not learn White's start");
    assert_eq!(view(setup, "black")["pending"]["kind"], "choose_start");
    // White's pawn passed to Ma4; Black sees it arrive but not White's move.
    let moved = &answers[2];
    assert_eq!(view(moved, "white")["boards"].as_array().unwrap().len(), 1);
    assert_eq!(view(moved, "white")["boards"][0]["name"], "R");
    assert_eq!(view(moved, "black")["boards"][0]["name"], "M");
    assert_eq!(view(moved, "black")["last"]["text"], Value::Null);
    let black_events: Vec<&str> =
        view(moved, "black")["last"]["events"].as_array().unwrap().iter().map(|e| e["kind"].as_str().unwrap()).collect();
    assert_eq!(black_events, ["moved_unseen", "passed_through", "disclosed"]);
    assert_eq!(view(moved, "spectator")["boards"].as_array().unwrap().len(), 0, "a spectator sees nothing");
    // Black orders in Real where it has no piece: a Strike, told to both; Black moves again.
    let strike = &answers[3];
    for seat in ["white", "black"] {
        assert_eq!(view(strike, seat)["last"]["events"][0]["kind"], "strike");
        assert_eq!(view(strike, seat)["last"]["events"][0]["words"], "Strike 1 of 3 for Black: Ra4Ra5 is impossible");
    }
    assert_eq!(view(strike, "black")["to_act"], "black");
    // White's order moves its pawn in the Mirror world: both are told where it went.
    let order = &answers[5];
    assert_eq!(view(order, "white")["last"]["events"][0]["kind"], "order_carried");
    assert_eq!(view(order, "white")["last"]["events"][0]["stopped"], "Ma5");
    let log = view(order, "white")["knowledge"]["log"].as_array().unwrap();
    let carried: Vec<_> = log.iter().filter(|e| e["kind"] == "order_carried").collect();
    assert_eq!(carried.len(), 1, "White's log keeps its order: {log:?}");
    assert_eq!(carried[0]["stopped"], "Ma5");
    assert!(view(order, "white")["legal"].as_array().unwrap().is_empty(), "it is Black's turn");
}
