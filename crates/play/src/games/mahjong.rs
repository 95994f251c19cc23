//! Mahjong (THUPC 2021 variant): the view and the analysis of [`Mahjong`]. The rules, the
//! parameters, the bots and the tensors are the game's own (`tabletop_mahjong::Mahjong`).

use serde::Serialize;
use tabletop_mahjong::{
    Direction, Event, Hand, MahjongAction, Outcome, Player, Wall, discard_options, distance,
};

pub use tabletop_mahjong::{Mahjong, MahjongParams};

use crate::{PlayError, Present};

/// One player's side of the table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MahjongSeat {
    /// `A`, `B`, `C` or `D`.
    pub name: String,
    /// The tiles in hand, sorted (only the viewer's own; every hand for a spectator).
    pub hand: Option<Vec<String>>,
    /// The number of tiles in hand (public).
    pub tiles: usize,
    /// The claimed melds, each as its three tiles.
    pub melds: Vec<[String; 3]>,
    /// The discards still on the table, oldest first.
    pub discards: Vec<String>,
    /// The distance to winning of the hand (where the hand is visible).
    pub distance: Option<u8>,
}

/// A claim decision due (public: who decides on whose discard of which tile).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MahjongClaimDue {
    /// The player deciding.
    pub player: String,
    /// The player who discarded the tile.
    pub discarder: String,
    /// The tile.
    pub tile: String,
}

/// What one player (or a spectator) sees of a Mahjong game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MahjongView {
    /// The player to act (to discard, or to decide a claim), `None` once the game is over.
    pub to_move: Option<String>,
    /// Whether the players decide their own claims (the parameter `claims`).
    pub claims: bool,
    /// The claim decision due, if any (`to_move` decides it).
    pub claim: Option<MahjongClaimDue>,
    /// `forward` (A B C D) or `backward`.
    pub direction: String,
    /// The tiles left in the wall.
    pub wall_left: usize,
    /// The rest of the wall, front first (spectators only).
    pub wall: Option<Vec<String>>,
    /// The four seats, A to D.
    pub players: Vec<MahjongSeat>,
    /// The game's log lines so far; other players' draws read `X IN ?` for a player.
    pub events: Vec<String>,
    /// The index in `events` of the first event of the last action (to highlight it).
    pub last_events_from: usize,
    /// The end of the log once the game is over (`A RON`, `B SELFDRAWN`, `DRAW`).
    pub outcome: Option<String>,
    /// The winner, if any.
    pub winner: Option<String>,
}

/// One possible discard and the distance it leaves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MahjongDiscard {
    /// The tile.
    pub action: String,
    /// The distance to winning of the hand without it.
    pub distance: u8,
}

/// One possible claim decision and the distance it leaves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MahjongClaimOption {
    /// `SKIP`, `RON`, `PONG` or `CHOW a b c`.
    pub action: String,
    /// The distance to winning of the hand after it (`SKIP`: the hand as it is; `RON`: 0;
    /// `PONG`, `CHOW`: the hand left to discard from, with one more meld).
    pub distance: u8,
}

/// The analysis of a decision.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MahjongAnalysis {
    /// The player to act (`None` once the game is over).
    pub player: Option<String>,
    /// The distance of the hand now (the full hand at a discard).
    pub distance: Option<u8>,
    /// The fixed rules' choice: a discard, `SELFDRAWN`, or a claim decision.
    pub rules_choice: Option<String>,
    /// At a discard, every kind held, highest priority first, with the distance after
    /// discarding it.
    pub discards: Vec<MahjongDiscard>,
    /// At a claim decision, each choice (in the order of their ids, `SKIP` first) with the
    /// distance after it.
    pub claims: Vec<MahjongClaimOption>,
    /// Whether the player may win by self-draw now (`SELFDRAWN` is legal).
    pub self_drawn: bool,
}

fn tiles(hand: &Hand) -> Vec<String> {
    hand.tiles().map(|k| k.to_string()).collect()
}

/// The view while chance draws the wall (a session resolves those chance nodes at once, so
/// only a state stepped by hand shows it): no tile held, no event, `wall_left` the tiles laid
/// so far.
fn wall_being_drawn(game: &Mahjong, viewer: Option<usize>) -> MahjongView {
    MahjongView {
        to_move: None,
        claims: game.decides_claims(),
        claim: None,
        direction: "forward".to_owned(),
        wall_left: game.wall_drawn(),
        wall: viewer.is_none().then(Vec::new),
        players: Player::ALL
            .iter()
            .map(|&p| MahjongSeat {
                name: p.to_string(),
                hand: viewer.is_none_or(|v| v == p.index()).then(Vec::new),
                tiles: 0,
                melds: Vec::new(),
                discards: Vec::new(),
                distance: None,
            })
            .collect(),
        events: Vec::new(),
        last_events_from: 0,
        outcome: None,
        winner: None,
    }
}

impl Present for Mahjong {
    type View = MahjongView;
    type Analysis = MahjongAnalysis;

    fn view(&self, viewer: Option<usize>) -> MahjongView {
        let Some(t) = self.position() else {
            return wall_being_drawn(self, viewer);
        };
        let sees = |p: Player| viewer.is_none_or(|v| v == p.index());
        let outcome = t.outcome();
        MahjongView {
            to_move: t.to_act().map(|p| p.to_string()),
            claims: self.decides_claims(),
            claim: t.claim_due().map(|c| MahjongClaimDue {
                player: c.player.to_string(),
                discarder: c.discarder.to_string(),
                tile: c.tile.to_string(),
            }),
            direction: match t.direction() {
                Direction::Forward => "forward",
                Direction::Backward => "backward",
            }
            .to_owned(),
            wall_left: t.wall_left(),
            wall: viewer.is_none().then(|| {
                t.wall().tiles()[Wall::LEN - t.wall_left()..]
                    .iter()
                    .map(|k| k.to_string())
                    .collect()
            }),
            players: Player::ALL
                .iter()
                .map(|&p| MahjongSeat {
                    name: p.to_string(),
                    hand: sees(p).then(|| tiles(t.hand(p))),
                    tiles: t.hand(p).len(),
                    melds: t.melds(p).map(|m| m.tiles().map(|k| k.to_string())).collect(),
                    discards: t.discards(p).iter().map(|k| k.to_string()).collect(),
                    distance: sees(p).then(|| distance(t.hand(p), t.melds(p).count())),
                })
                .collect(),
            events: t
                .events()
                .iter()
                .map(|e| match *e {
                    Event::Draw { player, .. } if !sees(player) => format!("{player} IN ?"),
                    e => e.to_string(),
                })
                .collect(),
            last_events_from: self.last_events_from(),
            outcome: outcome.map(|o| match o {
                Outcome::Ron(p) => format!("{p} RON"),
                Outcome::SelfDrawn(p) => format!("{p} SELFDRAWN"),
                Outcome::Draw => "DRAW".to_owned(),
            }),
            winner: outcome.and_then(|o| o.winner()).map(|p| p.to_string()),
        }
    }

    /// The distance after each possible discard, or after each claim decision (the
    /// distance tables: microseconds).
    fn analyse(&self, _seed: u64) -> Result<MahjongAnalysis, PlayError> {
        let Some((t, p)) = self.position().and_then(|t| Some((t, t.to_act()?))) else {
            return Ok(MahjongAnalysis {
                player: None,
                distance: None,
                rules_choice: None,
                discards: Vec::new(),
                claims: Vec::new(),
                self_drawn: false,
            });
        };
        let hand = t.hand(p);
        let melds = t.melds(p).count();
        let rules = tabletop_core::Game::bot_action(self, "rules", 0);
        let claims = t
            .claim_options()
            .into_iter()
            .filter_map(|c| {
                let distance = t.distance_after_claim(c)?;
                Some(MahjongClaimOption { action: MahjongAction::Claim(c).to_string(), distance })
            })
            .collect();
        let discards = if t.to_discard().is_some() {
            discard_options(hand, melds)
                .into_iter()
                .map(|(k, d)| MahjongDiscard { action: k.to_string(), distance: d })
                .collect()
        } else {
            Vec::new()
        };
        Ok(MahjongAnalysis {
            player: Some(p.to_string()),
            distance: Some(distance(hand, melds)),
            rules_choice: Some(rules.to_string()),
            discards,
            claims,
            self_drawn: t.may_self_draw(),
        })
    }

    fn secret_params(&self) -> &'static [&'static str] {
        &["wall"]
    }
}
