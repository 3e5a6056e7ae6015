//! The engine alone over UCI, without the rest of the `chesslantis` binary:
//! builds in a fraction of the time, for tuning loops
//! (`cargo build --release -p chesslantis-engine --example uci`).

fn main() -> std::io::Result<()> {
    let stdin = std::io::stdin();
    chesslantis_engine::uci::run(stdin.lock(), std::io::stdout())
}
