//! A clean stop of `chesslantis serve` (Ctrl-C, SIGINT) closes the database:
//! SQLite's write-ahead log is checkpointed into the database file and
//! removed, so nothing is left beside `chesslantis.db`.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

#[test]
fn ctrl_c_leaves_no_write_ahead_log_beside_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("games.db");
    let mut child = Command::new(env!("CARGO_BIN_EXE_chesslantis"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database"])
        .arg(&database)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chesslantis serve starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("piped stdout")).read_line(&mut first).expect("the server says where it listens");
    assert!(first.starts_with("Chesslantis server at http://127.0.0.1:"), "{first}");
    let wal = dir.path().join("games.db-wal");
    assert!(wal.exists(), "a running server writes through the write-ahead log");

    let sent = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill runs");
    assert!(sent.success());
    let status = child.wait().expect("the server stops");
    assert!(status.success(), "Ctrl-C is a clean stop: {status}");
    assert!(!wal.exists(), "the write-ahead log was checkpointed and removed at the stop");
    assert!(database.exists());
}
