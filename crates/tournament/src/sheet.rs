//! Printable sheets: pairings (with variant and both clocks), standings and
//! the group match, as plain text and as HTML.

use std::fmt::Write as _;

use crate::event::{Event, TournamentError};
use crate::history::{format_points, RoundRecord};

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn grade_text(grade: Option<u32>) -> String {
    grade.map_or("ug".to_string(), |g| g.to_string())
}

/// Rows of a round: (board, white cell, black cell, result) plus the byes.
fn round_rows(event: &Event, round: usize) -> Result<(Vec<[String; 4]>, Vec<String>), TournamentError> {
    let boards = event.boards(round)?;
    let person = |p: usize| {
        let player = &event.players[p];
        format!("{} {} ({}) {}", p + 1, player.name, grade_text(player.grade), event.clocks.describe(player.grade))
    };
    let rows = boards
        .iter()
        .map(|b| [b.number.to_string(), person(b.white), person(b.black), b.result.clone().unwrap_or_default()])
        .collect();
    let byes = event
        .players
        .iter()
        .enumerate()
        .filter_map(|(id, p)| {
            let label = absence_label(event, id, p.history[round - 1])?;
            Some(format!("{} {}: {label}", id + 1, p.name))
        })
        .collect();
    Ok((rows, byes))
}

/// How a round without a game reads on a sheet; `None` for a game.
pub fn absence_label(event: &Event, player: usize, record: RoundRecord) -> Option<String> {
    Some(match record {
        RoundRecord::PairingBye => format!("bye ({})", format_points(event.scoring.pairing_bye)),
        RoundRecord::HalfBye => "half-point bye".to_string(),
        RoundRecord::FullBye => "full-point bye".to_string(),
        RoundRecord::ZeroBye => "zero-point bye".to_string(),
        RoundRecord::Absent if event.players[player].withdrawn_from.is_some() => "withdrawn".to_string(),
        RoundRecord::Absent => "absent".to_string(),
        _ => return None,
    })
}

fn variant(event: &Event, round: usize) -> &str {
    event.variants.get(round - 1).map(String::as_str).unwrap_or("chess")
}

pub fn pairing_text(event: &Event, round: usize) -> Result<String, TournamentError> {
    let (rows, byes) = round_rows(event, round)?;
    let mut out = String::new();
    let _ = writeln!(out, "{} - round {} of {} - variant: {}", event.name, round, event.total_rounds, variant(event, round));
    let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0).max(5);
    let (w1, w2) = (width(1), width(2));
    let _ = writeln!(out, "{:>5}  {:<w1$}  {:<w2$}  Result", "Board", "White", "Black");
    for r in &rows {
        let _ = writeln!(out, "{:>5}  {:<w1$}  {:<w2$}  {}", r[0], r[1], r[2], r[3]);
    }
    for bye in byes {
        let _ = writeln!(out, "       {bye}");
    }
    Ok(out)
}

pub fn pairing_html(event: &Event, round: usize) -> Result<String, TournamentError> {
    let (rows, byes) = round_rows(event, round)?;
    let mut out = String::from("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>");
    let title = format!("{} - round {} - {}", event.name, round, variant(event, round));
    let _ = write!(out, "{}</title></head><body>\n<h1>{}</h1>\n<table border=\"1\">\n", escape(&title), escape(&title));
    out.push_str("<tr><th>Board</th><th>White</th><th>Black</th><th>Result</th></tr>\n");
    for r in &rows {
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&r[0]),
            escape(&r[1]),
            escape(&r[2]),
            escape(&r[3])
        );
    }
    out.push_str("</table>\n");
    for bye in byes {
        let _ = writeln!(out, "<p>{}</p>", escape(&bye));
    }
    out.push_str("</body></html>\n");
    Ok(out)
}

fn standings_rows(event: &Event) -> (Vec<String>, Vec<Vec<String>>) {
    let mut header = vec!["Rank".to_string(), "No".to_string(), "Name".to_string(), "Grade".to_string(), "Pts".to_string()];
    header.extend(event.tie_breaks.iter().map(|tb| tb.short_name().to_string()));
    let rows = event
        .standings()
        .into_iter()
        .map(|row| {
            let p = &event.players[row.player];
            let mut cells = vec![
                row.rank.to_string(),
                (row.player + 1).to_string(),
                p.name.clone(),
                grade_text(p.grade),
                format_points(row.points),
            ];
            cells.extend(event.tie_breaks.iter().zip(&row.tie_breaks).map(|(tb, v)| tb.format(*v)));
            cells
        })
        .collect();
    (header, rows)
}

pub fn standings_text(event: &Event) -> String {
    let (header, rows) = standings_rows(event);
    let widths: Vec<usize> = (0..header.len())
        .map(|i| rows.iter().map(|r| r[i].chars().count()).chain([header[i].len()]).max().unwrap_or(0))
        .collect();
    let mut out = format!("{} - standings after round {}\n", event.name, event.rounds_paired);
    for line in std::iter::once(&header).chain(rows.iter()) {
        let cells: Vec<String> = line
            .iter()
            .enumerate()
            .map(|(i, c)| if i == 2 { format!("{:<w$}", c, w = widths[i]) } else { format!("{:>w$}", c, w = widths[i]) })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}

pub fn standings_html(event: &Event) -> String {
    let (header, rows) = standings_rows(event);
    let title = format!("{} - standings after round {}", event.name, event.rounds_paired);
    let mut out = format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{0}</title></head><body>\n<h1>{0}</h1>\n<table border=\"1\">\n<tr>",
        escape(&title)
    );
    for h in &header {
        let _ = write!(out, "<th>{}</th>", escape(h));
    }
    out.push_str("</tr>\n");
    for row in rows {
        out.push_str("<tr>");
        for c in row {
            let _ = write!(out, "<td>{}</td>", escape(&c));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table></body></html>\n");
    out
}

fn group_lines(event: &Event) -> Result<Vec<String>, TournamentError> {
    let matchup = event
        .group_match
        .as_ref()
        .ok_or_else(|| TournamentError::GroupMatch("not started (group-match start)".into()))?;
    let name = |p: usize| format!("{} {}", p + 1, event.players[p].name);
    let names = |g: &[usize]| g.iter().map(|&p| name(p)).collect::<Vec<_>>().join(", ");
    let win = event.scoring.win;
    let (a, b) = matchup.scores(win);
    let mut lines = vec![
        format!("Group A: {}", names(&matchup.group_a)),
        format!("Group B: {}", names(&matchup.group_b)),
        format!("Score: A {} - {} B", format_points(a), format_points(b)),
    ];
    for (r, round) in matchup.rounds.iter().enumerate() {
        lines.push(format!("Round {}", r + 1));
        for (i, g) in round.games.iter().enumerate() {
            let result = match g.white_points {
                None => String::new(),
                Some(p) if p == win => "1-0".into(),
                Some(0) => "0-1".into(),
                Some(p) => format!("{}-{}", format_points(p), format_points(win - p)),
            };
            let clock = |p: usize| event.clocks.describe(event.players[p].grade);
            lines.push(format!(
                "  {}. {} ({}) - {} ({}) {}",
                i + 1,
                name(g.white),
                clock(g.white),
                name(g.black),
                clock(g.black),
                result
            ));
        }
        for &bye in &round.byes {
            lines.push(format!("  bye: {}", name(bye)));
        }
    }
    Ok(lines)
}

pub fn group_match_text(event: &Event) -> Result<String, TournamentError> {
    let mut out = format!("{} - group exchange match\n", event.name);
    for line in group_lines(event)? {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    Ok(out)
}

pub fn group_match_html(event: &Event) -> Result<String, TournamentError> {
    let mut out = format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{0}</title></head><body>\n<h1>{0}</h1>\n<pre>\n",
        escape(&format!("{} - group exchange match", event.name))
    );
    for line in group_lines(event)? {
        out.push_str(&escape(&line));
        out.push('\n');
    }
    out.push_str("</pre></body></html>\n");
    Ok(out)
}
