//! The engine seats' leases in the database, on SQLite and PostgreSQL: one
//! owner at a time; the owner renews; another takes the seat only once
//! the lease ran out, and learns whose it was and until when (the time to
//! credit); the owner alone gives it up.

mod common;

use chesslantis_server::db::leases::{Claimed, Lease};
use chesslantis_server::db::store::Store;
use common::*;

#[tokio::test]
async fn an_engine_seat_has_one_owner_until_its_lease_runs_out() {
    let dir = tempfile::tempdir().unwrap();
    for db in databases(&dir) {
        let store = Store::open(&db).await.unwrap();
        // A game id of this run only: the PostgreSQL database outlives test runs.
        let game = format!("lease{}", std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos());
        let t = 1_000_000;
        assert_eq!(store.claim_engine_seat(&game, "A", t, t + 3000).await.unwrap(), Claimed::Held { before: None }, "{db}");
        let a_lease = Lease { owner: "A".into(), until_ms: t + 3000 };
        assert_eq!(store.claim_engine_seat(&game, "B", t + 10, t + 3010).await.unwrap(), Claimed::Elsewhere(a_lease.clone()), "{db}");

        // A renews: B must wait for the renewed lease to run out.
        store.renew_engine_seats("A", t + 4000).await.unwrap();
        let renewed = Lease { owner: "A".into(), until_ms: t + 4000 };
        assert_eq!(store.claim_engine_seat(&game, "B", t + 3500, t + 6500).await.unwrap(), Claimed::Elsewhere(renewed.clone()), "{db}");
        assert_eq!(
            store.claim_engine_seat(&game, "A", t + 3600, t + 6600).await.unwrap(),
            Claimed::Held { before: Some(renewed) },
            "{db}: the owner claims again at any time"
        );

        // A stops renewing (its process died): B takes over after the lease.
        let last = Lease { owner: "A".into(), until_ms: t + 6600 };
        assert_eq!(store.claim_engine_seat(&game, "B", t + 6601, t + 9601).await.unwrap(), Claimed::Held { before: Some(last) }, "{db}");
        store.renew_engine_seats("A", t + 99_999).await.unwrap();
        let b_lease = Lease { owner: "B".into(), until_ms: t + 9601 };
        assert_eq!(store.claim_engine_seat(&game, "A", t + 6700, t + 9700).await.unwrap(), Claimed::Elsewhere(b_lease), "{db}: a late renewal of the old owner takes nothing back");

        // Only the owner gives it up; then anyone may claim it.
        store.release_engine_seat(&game, "A").await.unwrap();
        assert!(matches!(store.claim_engine_seat(&game, "C", t + 6800, t + 9800).await.unwrap(), Claimed::Elsewhere(_)), "{db}");
        store.release_engine_seat(&game, "B").await.unwrap();
        assert_eq!(store.claim_engine_seat(&game, "C", t + 6900, t + 9900).await.unwrap(), Claimed::Held { before: None }, "{db}");
    }
}
