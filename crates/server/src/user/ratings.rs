//! Ratings: Glicko-2 (the `skillratings` crate, tau 0.5) per user and
//! variant, each rated game its own rating period (as lichess does). A
//! rating whose deviation is above 110 is provisional (lichess's mark).
//! A game is rated once: a flag on its row is set in the same transaction
//! as the two new ratings and what the game did to them (`rating_changes`,
//! shown with the ended game), and games a crash left unrated are rated at
//! start.

use crate::db::store::{Store, StoreError};
use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use sqlx::Row;

/// Above this deviation a rating is provisional.
pub const PROVISIONAL_ABOVE: f64 = 110.0;

/// A user's rating in one variant.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games played in the variant.
    pub games: i64,
    pub provisional: bool,
}

impl Rating {
    fn of(g: Glicko2Rating, games: i64) -> Rating {
        Rating { rating: g.rating, deviation: g.deviation, volatility: g.volatility, games, provisional: g.deviation > PROVISIONAL_ABOVE }
    }

    fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating { rating: self.rating, deviation: self.deviation, volatility: self.volatility }
    }
}

impl Default for Rating {
    /// A newcomer's: 1500, deviation 350, volatility 0.06.
    fn default() -> Rating {
        Rating::of(Glicko2Rating::new(), 0)
    }
}

/// A rating with its variant, as profiles list them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VariantRating {
    pub variant: String,
    #[serde(flatten)]
    pub rating: Rating,
}

/// What a rated game did to one player's rating, in whole points as
/// shown: `diff` is `after - before`, so the numbers shown add up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingChange {
    pub before: i64,
    pub after: i64,
    pub diff: i64,
}

impl RatingChange {
    fn of(before: &Rating, after: &Rating) -> RatingChange {
        let (before, after) = (before.rating.round() as i64, after.rating.round() as i64);
        RatingChange { before, after, diff: after - before }
    }

    fn read(r: &sqlx::any::AnyRow, seat: &str) -> Result<RatingChange, sqlx::Error> {
        let (before, after): (i64, i64) = (r.try_get(format!("{seat}_before").as_str())?, r.try_get(format!("{seat}_after").as_str())?);
        Ok(RatingChange { before, after, diff: after - before })
    }
}

/// Both players' rating changes by a rated game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingChanges {
    pub white: RatingChange,
    pub black: RatingChange,
}

/// What rated game `id` did to its players' ratings, once it was rated.
pub async fn changes_of(store: &Store, id: &str) -> Result<Option<RatingChanges>, StoreError> {
    let row = sqlx::query("SELECT white_before, white_after, black_before, black_after FROM rating_changes WHERE game_id = $1")
        .bind(id)
        .fetch_optional(store.pool())
        .await?;
    Ok(match row {
        Some(r) => Some(RatingChanges { white: RatingChange::read(&r, "white")?, black: RatingChange::read(&r, "black")? }),
        None => None,
    })
}

/// Both players' ratings after a game with `result` (`1-0`, `0-1`, `1/2-1/2`).
pub fn after_game(white: &Rating, black: &Rating, result: &str) -> Option<(Rating, Rating)> {
    let outcome = match result {
        "1-0" => Outcomes::WIN,
        "0-1" => Outcomes::LOSS,
        "1/2-1/2" => Outcomes::DRAW,
        _ => return None,
    };
    let (w, b) = glicko2(&white.glicko(), &black.glicko(), &outcome, &Glicko2Config::new());
    Some((Rating::of(w, white.games + 1), Rating::of(b, black.games + 1)))
}

fn rating_of(r: &sqlx::any::AnyRow) -> Result<Rating, sqlx::Error> {
    let g = Glicko2Rating { rating: r.try_get("rating")?, deviation: r.try_get("deviation")?, volatility: r.try_get("volatility")? };
    Ok(Rating::of(g, r.try_get("games")?))
}

/// `user`'s rating in `variant`, if it played a rated game of it.
pub async fn of(store: &Store, user: &str, variant: &str) -> Result<Option<Rating>, StoreError> {
    let row = sqlx::query("SELECT rating, deviation, volatility, games FROM ratings WHERE user_id = $1 AND variant = $2")
        .bind(user)
        .bind(variant)
        .fetch_optional(store.pool())
        .await?;
    Ok(match row {
        Some(r) => Some(rating_of(&r)?),
        None => None,
    })
}

/// Every rating of `user`, by variant.
pub async fn all_of(store: &Store, user: &str) -> Result<Vec<VariantRating>, StoreError> {
    let rows = sqlx::query("SELECT variant, rating, deviation, volatility, games FROM ratings WHERE user_id = $1 ORDER BY variant")
        .bind(user)
        .fetch_all(store.pool())
        .await?;
    rows.iter().map(|r| Ok(VariantRating { variant: r.try_get("variant")?, rating: rating_of(r)? })).collect()
}

/// Rates finished game `id` if it is rated and not yet applied; true if it was rated now.
pub async fn rate_game(store: &Store, id: &str) -> Result<bool, StoreError> {
    let mut tx = store.pool().begin().await?;
    let claimed = sqlx::query(
        "UPDATE games SET rating_applied = 1 WHERE id = $1 AND rated = 1 AND rating_applied = 0 AND status = 'ended' \
         AND result IS NOT NULL AND white_player IS NOT NULL AND black_player IS NOT NULL",
    )
    .bind(id)
    .execute(&mut *tx)
    .await?;
    if claimed.rows_affected() != 1 {
        return Ok(false);
    }
    let game = sqlx::query("SELECT variant, white_player, black_player, result FROM games WHERE id = $1").bind(id).fetch_one(&mut *tx).await?;
    let variant: String = game.try_get("variant")?;
    let players: [String; 2] = [game.try_get("white_player")?, game.try_get("black_player")?];
    let result: String = game.try_get("result")?;
    let mut before = [Rating::default(); 2];
    for (i, player) in players.iter().enumerate() {
        let row = sqlx::query("SELECT rating, deviation, volatility, games FROM ratings WHERE user_id = $1 AND variant = $2")
            .bind(player)
            .bind(&variant)
            .fetch_optional(&mut *tx)
            .await?;
        if let Some(r) = row {
            before[i] = rating_of(&r)?;
        }
    }
    let Some((white, black)) = after_game(&before[0], &before[1], &result) else {
        return Err(StoreError(format!("game {id}: '{result}' is not a result to rate")));
    };
    for (player, after) in players.iter().zip([white, black]) {
        sqlx::query(
            "INSERT INTO ratings (user_id, variant, rating, deviation, volatility, games) VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (user_id, variant) DO UPDATE SET rating = $3, deviation = $4, volatility = $5, games = $6",
        )
        .bind(player)
        .bind(&variant)
        .bind(after.rating)
        .bind(after.deviation)
        .bind(after.volatility)
        .bind(after.games)
        .execute(&mut *tx)
        .await?;
    }
    let (w, b) = (RatingChange::of(&before[0], &white), RatingChange::of(&before[1], &black));
    sqlx::query("INSERT INTO rating_changes (game_id, white_before, white_after, black_before, black_after) VALUES ($1, $2, $3, $4, $5)")
        .bind(id)
        .bind(w.before)
        .bind(w.after)
        .bind(b.before)
        .bind(b.after)
        .execute(&mut *tx)
        .await?;
    if let Some(events) = store.events() {
        // The other processes show the change with the game.
        events.announce_on(&mut tx, &[crate::db::events::Change::Game(id.to_string())]).await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// Rates the finished rated games a crash left unrated (at start).
pub async fn rate_pending(store: &Store) -> Result<usize, StoreError> {
    let rows = sqlx::query("SELECT id FROM games WHERE rated = 1 AND rating_applied = 0 AND status = 'ended'").fetch_all(store.pool()).await?;
    let mut rated = 0;
    for r in rows {
        if rate_game(store, &r.try_get::<String, _>("id")?).await? {
            rated += 1;
        }
    }
    Ok(rated)
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::glicko2::glicko2_rating_period;

    /// Glickman, "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf):
    /// 1500/200/0.06 against 1400/30, 1550/100 and 1700/300, scoring 1, 0, 0,
    /// tau 0.5, becomes 1464.06 / 151.52 / 0.05999.
    #[test]
    fn the_crate_reproduces_glickmans_worked_example() {
        let player = Glicko2Rating { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
        let opponent = |rating, deviation| Glicko2Rating { rating, deviation, volatility: 0.06 };
        let results = [(opponent(1400.0, 30.0), Outcomes::WIN), (opponent(1550.0, 100.0), Outcomes::LOSS), (opponent(1700.0, 300.0), Outcomes::LOSS)];
        let config = Glicko2Config { tau: 0.5, ..Glicko2Config::new() };
        let after = glicko2_rating_period(&player, &results, &config);
        assert!((after.rating - 1464.06).abs() < 0.01, "{}", after.rating);
        assert!((after.deviation - 151.52).abs() < 0.01, "{}", after.deviation);
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{}", after.volatility);
        assert_eq!(Glicko2Config::new().tau, 0.5, "the server's tau is the example's");
    }

    #[test]
    fn a_win_raises_the_winner_and_lowers_the_loser_a_draw_between_equals_moves_neither() {
        let new = Rating::default();
        assert!(new.provisional);
        let (w, b) = after_game(&new, &new, "1-0").unwrap();
        assert!(w.rating > 1500.0 && b.rating < 1500.0, "{w:?} {b:?}");
        assert!((w.rating - 1500.0 - (1500.0 - b.rating)).abs() < 1e-9, "symmetric between equals");
        assert_eq!((w.games, b.games), (1, 1));
        assert!(w.deviation < 350.0);
        let (w, b) = after_game(&new, &new, "0-1").unwrap();
        assert!(w.rating < 1500.0 && b.rating > 1500.0);
        let (w, b) = after_game(&new, &new, "1/2-1/2").unwrap();
        assert!((w.rating - 1500.0).abs() < 1e-9 && (b.rating - 1500.0).abs() < 1e-9);
        assert!(after_game(&new, &new, "*").is_none());
        let settled = Rating { deviation: 60.0, ..Rating::default() };
        assert!(!Rating::of(settled.glicko(), 30).provisional);
    }
}
