//! Says at build time whether the browser UI (web/dist) is embedded, and
//! rebuilds the server when a new UI build lands there.

use std::path::Path;

fn main() {
    let dist = Path::new("../../web/dist");
    // A folder is scanned whole; web/ itself would include node_modules.
    println!("cargo:rerun-if-changed={}", dist.display());
    if !dist.join("index.html").is_file() {
        println!(
            "cargo:warning=web/dist/index.html is absent: the server embeds no browser UI and serves its minimal page \
             (build the UI with `npm --prefix web run build`)"
        );
    }
}
