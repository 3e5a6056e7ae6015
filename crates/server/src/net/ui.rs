//! The browser UI (web/dist, built by `npm --prefix web run build`) served
//! from the binary: the lobby at `/`, a game at `/game/{id}`, a user's
//! profile at `/@/{name}`, a variant's rules at `/rules/{variant}`, every
//! other file of dist by its path. When the UI was not built, `/`,
//! `/game/{id}` and `/@/{name}` serve the minimal page.html.

use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use std::borrow::Cow;
use std::path::{Component, Path, PathBuf};

const MINIMAL_PAGE: &str = include_str!("page.html");

#[derive(rust_embed::RustEmbed)]
#[folder = "../../web/dist"]
#[allow_missing = true]
struct Dist;

/// Where the UI's files come from.
#[derive(Clone, Debug, Default)]
pub enum UiFiles {
    /// web/dist as it was when the server was built.
    #[default]
    Embedded,
    /// A folder read at each request (a UI build under development, or a test's own).
    Folder(PathBuf),
}

/// Files under `assets/` carry a content hash in their names (Vite's
/// convention), so they never change and may be cached for a year.
fn is_hashed(path: &str) -> bool {
    path.starts_with("assets/")
}

impl UiFiles {
    /// The file at `path` (relative to dist, `/`-separated); `None` when
    /// absent or when the path tries to leave the folder.
    pub fn get(&self, path: &str) -> Option<Cow<'static, [u8]>> {
        match self {
            UiFiles::Embedded => Dist::get(path).map(|f| f.data),
            UiFiles::Folder(root) => {
                let relative = Path::new(path);
                if !relative.components().all(|c| matches!(c, Component::Normal(_))) {
                    return None;
                }
                std::fs::read(root.join(relative)).ok().map(Cow::Owned)
            }
        }
    }

    /// Whether the UI was built (else the minimal page stands in).
    pub fn has_ui(&self) -> bool {
        self.get("index.html").is_some()
    }

    /// A page of the UI (`index.html`, `game.html`); the minimal page when the UI was not built.
    pub fn page(&self, name: &str) -> Response {
        match self.get(name) {
            Some(bytes) => file_response(name, bytes),
            None if !self.has_ui() => html(Cow::Borrowed(MINIMAL_PAGE.as_bytes())),
            None => not_found(),
        }
    }

    /// A variant's rules page.
    pub fn rules(&self, variant: &str) -> Response {
        if variant.contains(['/', '\\']) || variant.starts_with('.') {
            return not_found();
        }
        let name = format!("rules/{variant}.html");
        match self.get(&name) {
            Some(bytes) => file_response(&name, bytes),
            None => not_found(),
        }
    }

    /// Any other file of dist by its path (without the leading `/`).
    pub fn file(&self, path: &str) -> Response {
        match self.get(path) {
            Some(bytes) if !path.is_empty() && !path.ends_with('/') => file_response(path, bytes),
            _ => not_found(),
        }
    }
}

/// The page of a game that does not exist (404): it says so and links to
/// the lobby. The id is the visitor's own text, so it is escaped.
pub fn no_such_game(id: &str) -> Response {
    let page = NO_SUCH_GAME_PAGE.replace("{id}", &escape_html(id));
    let mut r = html(Cow::Owned(page.into_bytes()));
    *r.status_mut() = StatusCode::NOT_FOUND;
    r
}

const NO_SUCH_GAME_PAGE: &str = include_str!("no-such-game.html");

fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `GET /@/{name}`: a user's profile page (the page asks the API for the user).
pub async fn profile_page(axum::extract::State(ui): axum::extract::State<std::sync::Arc<UiFiles>>) -> Response {
    ui.page("profile.html")
}

fn html(bytes: Cow<'static, [u8]>) -> Response {
    let mut r = bytes.into_owned().into_response();
    r.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    r.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

fn file_response(path: &str, bytes: Cow<'static, [u8]>) -> Response {
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let content_type = match mime.type_() {
        mime_guess::mime::TEXT => format!("{mime}; charset=utf-8"),
        _ if mime.subtype() == mime_guess::mime::JAVASCRIPT || mime.subtype() == mime_guess::mime::JSON => {
            format!("{mime}; charset=utf-8")
        }
        _ => mime.to_string(),
    };
    let cache = if is_hashed(path) { "public, max-age=31536000, immutable" } else { "no-cache" };
    let mut r = bytes.into_owned().into_response();
    if let Ok(v) = HeaderValue::from_str(&content_type) {
        r.headers_mut().insert(CONTENT_TYPE, v);
    }
    r.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static(cache));
    r
}

pub fn not_found() -> Response {
    (StatusCode::NOT_FOUND, "not found: the lobby is at /, a game at /game/ID, a player at /@/NAME, the API under /api (docs/protocol.md)").into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_source_never_leaves_its_folder() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "<p>lobby</p>").unwrap();
        let files = UiFiles::Folder(dir.path().join("sub"));
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        assert!(files.get("../index.html").is_none());
        assert!(files.get("/etc/passwd").is_none());
        assert!(UiFiles::Folder(dir.path().into()).get("index.html").is_some());
    }

    #[test]
    fn the_page_of_a_missing_game_escapes_its_id() {
        assert_eq!(escape_html(r#"<b x="1">&'"#), "&lt;b x=&quot;1&quot;&gt;&amp;&#39;");
    }

    #[test]
    fn only_assets_are_cached_for_long() {
        assert!(is_hashed("assets/index-Bx3k9aZq.js"));
        assert!(!is_hashed("index.html"));
        assert!(!is_hashed("rules/chess.html"));
    }
}
