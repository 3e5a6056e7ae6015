//! The browser UI served by the server: its pages, its files with their
//! types and cache lifetimes, 404 for the rest, and the minimal page when
//! no UI was built. A UI of the test's own in a temporary folder stands in
//! for web/dist (the embedded one may not exist in every checkout).

mod common;

use common::*;

fn write(dir: &std::path::Path, path: &str, text: &str) {
    let file = dir.join(path);
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(file, text).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ui_pages_and_files_are_served_with_their_types() {
    let db = tempfile::tempdir().unwrap();
    let dist = tempfile::tempdir().unwrap();
    write(dist.path(), "index.html", "<h1>lobby</h1>");
    write(dist.path(), "game.html", "<h1>game</h1>");
    write(dist.path(), "rules/chess.html", "<h1>chess rules</h1>");
    write(dist.path(), "assets/index-AbC12345.js", "console.log(1)");
    write(dist.path(), "assets/style-ZyX98765.css", "body{}");
    write(dist.path(), "favicon.svg", "<svg/>");
    let server = TestServer::start_with_ui(&databases(&db)[0], chesslantis_server::net::ui::UiFiles::Folder(dist.path().into()));
    let get = |path: &'static str| http_raw(server.addr, "GET", path, None, None);

    let lobby = get("/").await;
    assert_eq!((lobby.status, lobby.body.as_str()), (200, "<h1>lobby</h1>"));
    assert_eq!(lobby.header("content-type"), Some("text/html; charset=utf-8"));
    assert_eq!(lobby.header("cache-control"), Some("no-cache"), "a new UI build reaches browsers at once");

    let id = Guest::new(server.addr).await.create(serde_json::json!({"variant": "chess", "time_ms": 60_000})).await;
    let game = http_raw(server.addr, "GET", &format!("/game/{id}"), None, None).await;
    assert_eq!((game.status, game.body.as_str()), (200, "<h1>game</h1>"));
    let rules = get("/rules/chess").await;
    assert_eq!((rules.status, rules.body.as_str()), (200, "<h1>chess rules</h1>"));

    let script = get("/assets/index-AbC12345.js").await;
    assert_eq!(script.status, 200);
    assert_eq!(script.header("content-type"), Some("text/javascript; charset=utf-8"));
    assert_eq!(script.header("cache-control"), Some("public, max-age=31536000, immutable"), "hashed names never change");
    let style = get("/assets/style-ZyX98765.css").await;
    assert_eq!(style.header("content-type"), Some("text/css; charset=utf-8"));
    let icon = get("/favicon.svg").await;
    assert_eq!(icon.header("content-type"), Some("image/svg+xml"));

    for missing in ["/rules/no-such-variant", "/assets/gone.js", "/nothing/here", "/../Cargo.toml", "/api/nothing"] {
        assert_eq!(get(missing).await.status, 404, "{missing}");
    }
    let (status, _, _) = http(server.addr, "GET", "/api/variants", None, None).await;
    assert_eq!(status, 200, "the API is still reached beside the UI");
}

/// A link to a game that does not exist gets a 404 page that says so and
/// links to the lobby (the game page would only retry its WebSocket).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_that_does_not_exist_has_a_404_page_that_says_so() {
    let db = tempfile::tempdir().unwrap();
    let dist = tempfile::tempdir().unwrap();
    write(dist.path(), "index.html", "<h1>lobby</h1>");
    write(dist.path(), "game.html", "<h1>game</h1>");
    let server = TestServer::start_with_ui(&databases(&db)[0], chesslantis_server::net::ui::UiFiles::Folder(dist.path().into()));
    let page = http_raw(server.addr, "GET", "/game/doesnotexist1", None, None).await;
    assert_eq!(page.status, 404);
    assert_eq!(page.header("content-type"), Some("text/html; charset=utf-8"));
    assert!(page.body.contains("There is no game <code>doesnotexist1</code> on this server"), "{}", page.body);
    assert!(page.body.contains(r#"<a href="/">Go to the lobby</a>"#), "{}", page.body);
    let odd = http_raw(server.addr, "GET", "/game/%3Cb%3E", None, None).await;
    assert_eq!(odd.status, 404);
    assert!(odd.body.contains("<code>&lt;b&gt;</code>"), "the id is escaped: {}", odd.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_built_ui_the_minimal_page_is_served() {
    let db = tempfile::tempdir().unwrap();
    let empty = tempfile::tempdir().unwrap();
    let server = TestServer::start_with_ui(&databases(&db)[0], chesslantis_server::net::ui::UiFiles::Folder(empty.path().into()));
    let id = Guest::new(server.addr).await.create(serde_json::json!({"variant": "chess", "time_ms": 60_000})).await;
    for path in ["/".to_string(), format!("/game/{id}")] {
        let page = http_raw(server.addr, "GET", &path, None, None).await;
        assert_eq!(page.status, 200);
        assert!(page.body.contains("minimal page"), "{path}: {}", page.body);
    }
    assert_eq!(http_raw(server.addr, "GET", "/rules/chess", None, None).await.status, 404);
}

/// Whatever web/dist held at build time: `/` is HTML either way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_embedded_ui_serves_html_at_the_root() {
    let db = tempfile::tempdir().unwrap();
    let server = TestServer::start(&databases(&db)[0]);
    let root = http_raw(server.addr, "GET", "/", None, None).await;
    assert_eq!(root.status, 200);
    assert_eq!(root.header("content-type"), Some("text/html; charset=utf-8"));
    assert!(root.body.to_ascii_lowercase().contains("<html"), "{}", root.body);
}
