//! One game-session layer over every tabletop game, for the front ends (CLI, server,
//! Python): sessions with seats, bots and undo, exact analysis, OpenSpiel-style integer
//! actions and observation tensors, and the original problems' judges.
//!
//! Front ends -> `tabletop-play` -> game crates -> `tabletop-core`. Nothing here prints or
//! reads stdin.
//!
//! - [`judge`] and [`Problem`]: the original problems, byte for byte, one code path for
//!   `tabletop judge`, the server and Python; and the one table of the problems: their
//!   samples, validators, checkers, generators, test packages and input decoding
//!   ([`decode`]).
//! - [`Session`]: any registered game ([`games()`]) behind one type: create from a name, JSON
//!   parameters, [`Seat`]s and a seed; [`Session::act`], [`Session::advance`],
//!   [`Session::undo`], [`Session::state`] (serialisable, hidden information removed),
//!   [`Session::analysis`]; and the integer interface [`Session::legal_actions`],
//!   [`Session::apply_action`], [`Session::observation_tensor`], ...
//! - [`Present`]: what the session layer adds to a game's one [`tabletop_core::Game`] impl
//!   (its JSON view and analysis); [`ErasedGame`] and the registry make a fifth game one more
//!   line in `registry.rs`.
//! - [`TableGame`]: a game at a table of people, each on their own device: seats for
//!   persons and bots, what each one sees, Take 6!'s cards put down early, the move clock.
//! - [`Record`]: a session in a compact form (game, parameters, seed, seats, every action id
//!   with the chance outcomes) that rebuilds it exactly: [`Session::record`],
//!   [`Session::from_record`].
//!
//! ```
//! use tabletop_play::{Seat, Session, games, judge, Problem};
//! use serde_json::json;
//!
//! assert_eq!(games().len(), 4);
//! assert_eq!(judge(Problem::Hdu5754, "1\n1 2 2\n").unwrap(), "B\n");
//!
//! // Nine: a seeded deal, a person (Alice) against the exact solver.
//! let mut s = Session::new("nine", json!({}), vec![Seat::Human, Seat::Solver], 42)?;
//! let best = s.analysis()?["moves"][0]["action"].as_str().unwrap().to_owned();
//! s.act(0, &best)?;
//! s.advance()?;
//! // Play on with bots until the end.
//! while let Some(p) = s.current_player() {
//!     let a = s.legal_actions()[0];
//!     s.apply_action(a)?;
//! }
//! assert_eq!(s.returns().iter().sum::<f64>(), 0.0);
//! # Ok::<(), tabletop_play::PlayError>(())
//! ```
//!
//! # Parameters (JSON, every field optional)
//!
//! - `nine`: `{"deal": "<Alice's 18 cards>\n<Bob's 18 cards>" | null, "alice": null,
//!   "bob": null, "first": "alice" | "bob"}`; no deal: a random deal from the seed.
//! - `take6`: `{"players": 4, "rows": 4, "hand_size": 10, "deck": 104, "row_rule":
//!   "choose" | "forced", "target": 66, "mode": "hand" | "match", "script": null}`: the
//!   published rules for 4 players, one hand. `script`: the judge's input (NTHU 14463),
//!   replayed with the bot `script`.
//! - `race`: `{"piece": "queen", "rows": 8, "cols": 8, "start": [1, 1]}`; sides `1..=100`
//!   ([`games::race::MAX_PLAY_SIDE`]); the piece by name or judge number.
//! - `mahjong`: `{"wall": null | "<148 tiles>", "claims": false}`; no wall: a random wall
//!   from the seed. `claims`: each player decides their own claims (`RON`, `PONG`, `CHOW a b
//!   c`, `SKIP`) and self-drawn wins (`SELFDRAWN`) instead of the fixed rules deciding them
//!   (`docs/rules/mahjong.md`); a person's seat wants it.
//!
//! # Bots
//!
//! Seats are `"human"`, `"solver"` or a bot name; the first bot listed is the default for
//! seats not given. `nine`: `solver` (exact), `random`. `take6`: `heuristic`, `mc`,
//! `mc:<playouts>` (at most [`tabletop_core::budget::MAX_PLAYOUTS`]), `random`, `lowest`,
//! `highest`, `nn` and `nn-mc:<playouts>` / `nn-mc:<milliseconds>ms` (the shipped network,
//! for the rules it was trained for), and `script` when replaying a script. `race`: `solver` (perfect: wins when it
//! can, else draws), `random`. `mahjong`: `rules` (the problem's fixed rules), `random`.
//! Bots are deterministic: seeded from the session's seed and the step.
//!
//! Take 6!'s simultaneous rounds are turn-based here: the players choose in seat order,
//! each choice secret (absent from other players' views, history and observations) until
//! the last player has chosen; then the cards are placed, and under `choose` the owner of a
//! too-low card picks the row (`r1`..`r4`) as a decision of its own.
//!
//! # Viewers, hidden information, stepping
//!
//! [`Session::state_for`] and [`Session::view`] take a viewer: `Some(seat)` sees what that
//! player knows, `None` (a spectator or a replay) sees everything. [`Session::state`] uses
//! [`Session::default_viewer`] (the one human seat, if there is exactly one).
//! [`Session::analysis_for`] refuses to analyse another player's hidden hand. A player of
//! Take 6! or Mahjong sees no `seed` (null) and no `script`/`wall` parameter in the state:
//! they would reveal the deal.
//! [`Session::step`] plays one bot action and [`Session::undo_step`] takes one back (watching
//! a game move by move); [`Session::advance`] plays bots until a person must act;
//! [`Session::undo`] goes back to the previous decision of a person.
//!
//! # Returns
//!
//! `nine`: the result signed from each player's side (the cards the loser keeps; zero-sum).
//! `race`: +1 to the player who reaches the target, -1 to the other, 0 each for a draw.
//! `take6`: minus each player's heads (of the hand, or of the match). `mahjong`: 1 to the
//! winner, 0 to the others (all 0 when the wall runs out).
//!
//! # The JSON view of each game (`state().view`)
//!
//! Every [`SessionState`] has `game`, `players`, `seats`, `seed`, `params`, `viewer`,
//! `to_move`, `human_to_move`, `legal_actions` (notation), `view`, `history`
//! (`[{"player", "action"}]`, `action` null while secret), `last_action`, `terminal`,
//! `returns`, `can_undo`. The game's `view`:
//!
//! - `nine` (open): `{"deal": "..\n..", "first": "Alice", "to_move": "Alice" | null,
//!   "hands": [[Alice's cards], [Bob's cards]], "table": [{"suit": "C", "cards": ["8C",
//!   "9C"]}, ... D S H], "playable": ["7C", ...], "winner": "Bob" | null, "result": -3 |
//!   null}`. Cards are `9S`, `TH`; actions are a card or `pass`.
//! - `race` (open): `{"piece": "queen", "rows": 8, "cols": 8, "start": [1, 1], "cell": [x,
//!   y], "target": [8, 8], "to_move": "B" | "G" | null, "moves": [[x, y], ...], "winner":
//!   "B" | "G" | null, "draw": false}`. Actions are cells `(x,y)`.
//! - `take6` (hidden hands and choices): `{"mode": "hand", "rules": {"players", "rows",
//!   "hand_size", "deck", "row_rule", "target", ...}, "hands_dealt": 1, "round": 0, "rows":
//!   [{"cards": [12, 40], "heads": 4}], "hands": [[3, 17, ...] | null per player: only the
//!   viewer's], "hand_sizes": [10, ...], "chosen": [true, false, ...], "choices": [17 | null
//!   per player: only the viewer's], "revealed": [card | null per player: revealed, not
//!   placed yet], "row_choice": {"player", "card"} | null, "taken": [[cards] per player],
//!   "penalties": [heads this hand], "scores": [totals], "finished_hands": [[heads per
//!   player] per finished hand of a match], "last_round": [{"player", "card",
//!   "row" (1-based), "taken": [..], "heads", "reason": "appended" | "sixth" |
//!   "too_low_forced" | "too_low_chosen"}]}`. Actions are a card number or `r1`..`r4`.
//! - `mahjong` (hidden hands and wall): `{"to_move": "A" | null (to discard or to decide a
//!   claim), "claims": false, "claim": {"player", "discarder", "tile"} | null (the claim
//!   decision due), "direction": "forward" |
//!   "backward", "wall_left": 95, "wall": ["1M", ...] | null (spectators only), "players":
//!   [{"name": "A", "hand": ["1M", ...] | null (only the viewer's), "tiles": 13, "melds":
//!   [["1M", "1M", "1M"]], "discards": ["E", ...], "distance": 3 | null}], "events": ["A IN
//!   1M", "B IN ?", ...], "last_events_from": 52, "outcome": "A RON" | "B SELFDRAWN" | "DRAW"
//!   | null, "winner": "A" | null}`. Actions are tile kinds (`1M`, `E`, `PASS`), and with
//!   `claims` `SKIP`, `RON`, `SELFDRAWN`, `PONG`, `CHOW a b c`.
//!
//! # Analysis (`analysis()`)
//!
//! - `nine`: `{"to_move", "value", "moves": [{"action", "value"}] (best first),
//!   "principal_variation": [...], "deal": {"alice_first", "bob_first", "importance"}}`;
//!   values are exact results signed from Alice's side.
//! - `race`: `{"to_move", "result": "win"|"loss"|"draw", "grundy", "moves": [{"action",
//!   "cell", "result", "grundy"}], "cells": ["BGD..", ...] (row x-1, column y-1: the
//!   outcome with the piece there, B = the player to move wins), "grundy_cells": [[..]] |
//!   null}`.
//! - `take6`: `{"player", "samples": 2000, "actions": [{"action", "expected", "monte_carlo"}]}`:
//!   the expected heads this round of each card (analytic, and sampled over deals of the
//!   unseen cards), or each row's heads for a row choice.
//! - `mahjong`: `{"player", "distance", "rules_choice", "discards": [{"action", "distance"}],
//!   "claims": [{"action", "distance"}], "self_drawn": false}`: at a discard, the distance
//!   after each discard; at a claim decision, after each choice (`SKIP` first).
//!
//! # Integer actions and observation tensors
//!
//! - `nine`: 37 ids: card index `suit * 9 + rank` (suits C D S H, ranks 6..A), 36 = pass.
//!   Observation `[5, 36]`: own hand, opponent's hand, table, playable now, to-move plane.
//! - `take6`: `deck + rows` ids: card `c` is `c - 1`, row `r` (`r1` = 0) is `deck + r`.
//!   Observation `[9, 104]`: own hand, rows 1-4, cards taken this hand, revealed and not
//!   placed, own choice this round, must-pick-a-row plane.
//! - `race`: N x M ids: the target cell `(x - 1) * M + (y - 1)`. Observation `[3, N, M]`:
//!   piece, target, to-move plane.
//! - `mahjong`: 37 ids: the kind index (`1M..9M 1P..9P 1S..9S E S W N B F Z DOUBLE
//!   REVERSE PASS`); with `claims` 62: 37 `SKIP`, 38 `RON`, 39 `SELFDRAWN`, 40 `PONG`,
//!   41..62 `CHOW` by its lowest tile. Observation `[10, 37]` (tile counts): own hand, melds of A-D, discards
//!   of A-D on the table, to-move plane.

mod batch;
pub mod bench;
mod bench_run;
#[cfg(feature = "rayon")]
mod demo;
mod describe;
mod error;
mod explain;
pub mod games;
mod hosted;
mod ladder;
pub mod limits;
pub mod located;
pub mod outside;
mod played;
mod present;
mod problem;
mod registry;
mod reports;
mod seat;
mod seated;
mod session;
pub mod spiel;
pub mod table;
mod verdicts;
pub mod workloads;

pub use batch::{Batch, BatchError, BatchRecord, Cell, Final};
pub use bench_run::{BenchMode, BenchRun};
#[cfg(feature = "rayon")]
pub use demo::{demo, demo_json};
pub use describe::parameters_text;
pub use error::PlayError;
pub use explain::{explain_params, plain};
pub use hosted::{HostedGame, HostedSummary, MAX_STEPS};
pub use ladder::{LadderBot, LadderConfig, LadderReport};
pub use limits::{LIMITS, Limits};
pub use played::{
    ParsePairError, bots_session, params_from_pairs, play_out, played_json, record_from_json,
};
pub use present::Present;
pub use problem::{
    Checked, GenError, GenOptions, InvalidInput, JudgeError, NotUtf8, Package, PackageError,
    PackageTest, ParseNameError, Problem, ProblemInfo, Verdict, WritePackageError, clip, decode,
    decode_owned, judge, strip_bom,
};
pub use registry::{
    Created, ErasedGame, Facts, GameEntry, GameInfo, ParamKind, Parameter, REGISTRY, entry, find,
    games,
};
pub use seat::Seat;
pub use seated::{Autoreset, Seated, SeatedRecord};
pub use session::{Chance, Line, MAX_ADVANCE, Record, SeenStep, Session, SessionState, Step};
pub use table::{Role, TableError, TableGame, TableParts};
pub use tabletop_core::review::{Decision, Mark, PlayerSummary, Review, ReviewError};
pub use verdicts::{CheckReport, ValidationReport};
