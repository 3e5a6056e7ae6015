//! Playing the engine through the real server: a scripted client against
//! the engine (level 0, a few seconds on its clock) in every variant the
//! engine plays, to the end; the engine acts only on its turn; it is named
//! by its level; bad requests for an engine game are refused.

mod common;

use common::*;
use serde_json::{json, Value};


fn ply(state: &Value) -> u64 {
    state["ply"].as_u64().unwrap()
}

/// Waits until the person must act or the game is over.
async fn my_turn_or_end(conn: &mut Conn) -> Value {
    conn.until(|s| s["status"] != "playing" || must_act(s)).await
}

/// The person plays up to `moves` actions against the engine (a fixed pick
/// among the legal ones), checking on its first turns that the engine waits
/// for it; then resigns if the game still runs. Returns the final state.
async fn play_against_engine(conn: &mut Conn, moves: usize) -> Value {
    for n in 0..moves {
        let state = my_turn_or_end(conn).await;
        if state["status"] != "playing" {
            return state;
        }
        if n < 3 {
            // The engine does not act in the person's turn: a fresh state
            // asked for now is still at the same ply.
            conn.send(json!({"type": "sync"})).await;
            let again = conn.next().await;
            assert_eq!(again["type"], "state", "{again}");
            assert_eq!(ply(&again), ply(&state), "the engine acted out of turn: {again}");
        }
        let options = playing_actions(&state);
        conn.act(&options[(n * 5 + 1) % options.len()]).await;
        conn.at_ply(ply(&state) + 1).await;
    }
    let state = my_turn_or_end(conn).await;
    if state["status"] == "playing" {
        conn.act("resign").await;
    }
    conn.until(|s| s["status"] != "playing").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_the_engine_to_the_end_in_every_variant_it_plays() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let server = TestServer::start(&db);
        for (k, variant) in chesslantis_engine::supported_variants().into_iter().enumerate() {
            let me = Guest::new(server.addr).await;
            // Alternate colours: as Black, the engine moves first, unprompted.
            let colour = if k % 2 == 0 { "white" } else { "black" };
            let request = json!({"variant": variant, "colour": colour, "time_ms": 600_000, "opponent_time_ms": 5_000,
                "opponent": {"engine": {"level": 0}}});
            let (status, created) = me.post("/api/games", request).await;
            assert_eq!(status, 201, "{variant}: {created}");
            let id = created["id"].as_str().unwrap();
            let mut conn = me.connect(id).await;
            assert_eq!(conn.state["status"], "playing", "{variant}: an engine game starts at once");
            assert_eq!(conn.state["you"], colour);
            let engine_seat = if colour == "white" { "black" } else { "white" };
            assert_eq!(conn.state["players"][engine_seat], "engine (level 0)", "{variant}");
            let end = play_against_engine(&mut conn, 12).await;
            assert_eq!(end["status"], "ended", "{variant}: {end}");
            assert!(ply(&end) >= 2, "{variant}: the engine took part: {end}");
            let (_, record) = me.get(&format!("/api/games/{id}")).await;
            assert_eq!(record["ply"], end["ply"], "{variant}: the stored game has every action");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_game_is_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&databases(&dir)[0]);
    let me = Guest::new(server.addr).await;
    for (request, code, words) in [
        (json!({"variant": "chess", "opponent": {"engine": {"level": 21}}}), "bad_opponent", "0 (weakest) to 20"),
        (json!({"variant": "chess", "open": true, "opponent": {"engine": {"level": 3}}}), "bad_opponent", "not an open seek"),
        (json!({"variant": "chess", "opponent": {"robot": {}}}), "malformed", "unknown variant"),
    ] {
        let (status, body) = me.post("/api/games", request.clone()).await;
        assert_eq!(status, 400, "{request}: {body}");
        assert_eq!(body["code"], code, "{request}: {body}");
        assert!(body["message"].as_str().unwrap().contains(words), "{request}: {body}");
    }
    let (_, seeks) = me.get("/api/seeks").await;
    assert_eq!(seeks, json!([]), "nothing was created");
}

/// A game stored while it was the engine's turn (the server down before
/// the engine could think) resumes when the server starts: the engine moves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_the_engine_resumes_its_turn() {
    use chesslantis_server::{db::store::{GameRow, Store}, game::dice::Seed, game::engine_player::EnginePlayer};
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let store = Store::open(&db).await.unwrap();
        let seed = Seed::random().unwrap();
        let id = format!("resume{}", &seed.to_hex()[..8]);
        store
            .insert_game(&GameRow {
                id: id.clone(),
                variant: "chess".into(),
                setup: None,
                white_ms: 60_000,
                black_ms: 60_000,
                increment_ms: 0,
                white_player: Some(EnginePlayer::new(0).unwrap().player_id().0),
                black_player: Some("someoneelse".into()),
                listed: false,
                dice_commitment: seed.commitment(),
                dice_seed: seed.to_hex(),
                status: "playing".into(),
                result: None,
                result_words: None,
                flagged: None,
                created_ms: 0,
                reserved_for: None,
                rematch: None,
                rematch_by: None,
                options: None,
                rated: false,
                ply: 0,
                flag_at_ms: None,
                abort_at_ms: None,
            })
            .await
            .unwrap();
        drop(store);
        let server = TestServer::start(&db);
        let mut spectator = Conn::open(server.addr, &id, None).await;
        let answered = spectator.at_ply(1).await;
        assert_eq!(answered["status"], "playing");
        assert_eq!(answered["view"]["to_act"], "black", "the engine moved for White after the restart: {answered}");
    }
}

/// The engine answers a draw offer by its assessment from its seat's
/// information: it accepts when the game is level or worse for it (a bare
/// king against a queen) and declines when it is better (its queen against
/// a bare king); the game goes on after a refusal.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_accepts_a_draw_only_when_it_is_not_better() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&databases(&dir)[0]);
    for (fen, accepts) in [("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", true), ("3qk3/8/8/8/8/8/8/4K3 w - - 0 1", false)] {
        let me = Guest::new(server.addr).await;
        let request = json!({"variant": "chess", "fen": fen, "colour": "white", "time_ms": 600_000, "opponent_time_ms": 60_000,
            "opponent": {"engine": {"level": 4}}});
        let id = me.create(request).await;
        let mut conn = me.connect(&id).await;
        conn.act("offer draw").await;
        let answered = conn.until(|s| ply(s) >= 2 || s["status"] != "playing").await;
        if accepts {
            assert_eq!(answered["status"], "ended", "{fen}: {answered}");
            assert_eq!(answered["result"]["result"], "1/2-1/2", "{fen}: {answered}");
        } else {
            assert_eq!(answered["status"], "playing", "{fen}: {answered}");
            assert_eq!(answered["view"]["last"]["text"], "decline draw", "{fen}: {answered}");
            assert!(must_act(&answered), "after the refusal the person moves: {answered}");
        }
    }
}
