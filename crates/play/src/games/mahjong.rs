//! Mahjong (THUPC 2021 variant): a seeded or pasted wall; the only decision is the discard.

use serde::{Deserialize, Serialize};
use tabletop_core::rand::seq::IndexedRandom;
use tabletop_core::{Game as _, seeded_rng};
use tabletop_mahjong::{
    Direction, Event, Hand, Kind, MahjongGame, Outcome, Player, Table, Wall, discard_options,
    distance,
};

use crate::{Analyse, PlayError, Playable};

/// The parameters of a Mahjong game. Default: a random wall from the session's seed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MahjongParams {
    /// The wall as the judge reads it (148 tiles, front first, any whitespace). `None`: a
    /// random wall from the seed.
    pub wall: Option<String>,
}

/// Mahjong for the session layer: players 0-3 are `A B C D`. A seat decides only its
/// discards; draws, wins and claims follow the fixed rules inside each action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mahjong {
    game: MahjongGame,
    wall: Wall,
    /// The number of events before the last action.
    events_before: usize,
}

impl Mahjong {
    /// The table.
    pub fn table(&self) -> &Table {
        self.game.table()
    }

    fn melds(&self, p: Player) -> usize {
        self.table().melds(p).count()
    }

    /// Each player's discards still on the table (claimed ones removed), from the events.
    fn discards(&self) -> [Vec<Kind>; 4] {
        let mut d: [Vec<Kind>; 4] = Default::default();
        let mut last: Option<Player> = None;
        for e in self.table().events() {
            match *e {
                Event::Discard { player, tile } => {
                    d[player.index()].push(tile);
                    last = Some(player);
                }
                Event::Pass { player, .. } => {
                    d[player.index()].push(Kind::PASS);
                    last = Some(player);
                }
                Event::Chow { .. } | Event::Pong { .. } => {
                    if let Some(p) = last.take() {
                        d[p.index()].pop();
                    }
                }
                _ => {}
            }
        }
        d
    }
}

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

/// What one player (or a spectator) sees of a Mahjong game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MahjongView {
    /// The player to discard, `None` once the game is over.
    pub to_move: Option<String>,
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

/// The analysis of a discard decision.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MahjongAnalysis {
    /// The player to discard (`None` once the game is over).
    pub player: Option<String>,
    /// The distance of the full hand now.
    pub distance: Option<u8>,
    /// The fixed rules' discard.
    pub rules_choice: Option<String>,
    /// Every kind held, highest priority first, with the distance after discarding it.
    pub discards: Vec<MahjongDiscard>,
}

fn tiles(hand: &Hand) -> Vec<String> {
    hand.tiles().map(|k| k.to_string()).collect()
}

impl Playable for Mahjong {
    type Params = MahjongParams;
    type Action = Kind;
    type View = MahjongView;

    const NAME: &'static str = "mahjong";
    const DESCRIPTION: &'static str = "Mahjong (THUPC 2021 variant): four players, special tiles PASS, REVERSE, DOUBLE; the fixed rules or your own discards";

    fn new(params: &MahjongParams, seed: u64) -> Result<Mahjong, PlayError> {
        let wall = match &params.wall {
            Some(text) => Wall::parse(text).map_err(|e| PlayError::bad("wall", e))?,
            None => Wall::random(&mut seeded_rng(seed)),
        };
        let game = MahjongGame::new(&wall);
        let events_before = game.table().events().len();
        Ok(Mahjong { game, wall, events_before })
    }

    fn num_players(&self) -> usize {
        4
    }

    fn player_name(&self, player: usize) -> String {
        Player::ALL.get(player).map_or_else(|| format!("player {player}"), |p| p.to_string())
    }

    fn current_player(&self) -> Option<usize> {
        self.table().to_discard().map(Player::index)
    }

    fn legal_actions(&self) -> Vec<Kind> {
        match self.table().to_discard() {
            Some(p) => self.table().hand(p).kinds().collect(),
            None => Vec::new(),
        }
    }

    fn apply(&mut self, action: Kind) {
        self.events_before = self.table().events().len();
        self.game.apply(&[action]);
    }

    fn parse_action(&self, text: &str) -> Result<Kind, String> {
        text.parse().map_err(|e: tabletop_mahjong::ParseKindError| e.to_string())
    }

    fn returns(&self) -> Vec<f64> {
        self.game.returns()
    }

    fn num_distinct_actions(&self) -> usize {
        Kind::COUNT
    }

    fn action_id(&self, action: Kind) -> usize {
        action.index()
    }

    fn action_from_id(&self, id: usize) -> Option<Kind> {
        Kind::new(id)
    }

    fn bots(&self) -> Vec<String> {
        vec!["rules".to_owned(), "random".to_owned()]
    }

    /// `rules`: the fixed rules of the problem (the discard that keeps the distance smallest,
    /// by priority); `random`: any kind held.
    fn bot_action(&self, bot: &str, seed: u64) -> Kind {
        if bot == "random" {
            *self.legal_actions().choose(&mut seeded_rng(seed)).expect("a tile to discard")
        } else {
            self.table().choose_discard()
        }
    }

    fn has_hidden_information(&self) -> bool {
        true
    }

    fn secret_params(&self) -> &'static [&'static str] {
        &["wall"]
    }

    fn view(&self, viewer: Option<usize>) -> MahjongView {
        let t = self.table();
        let sees = |p: Player| viewer.is_none_or(|v| v == p.index());
        let discards = self.discards();
        let outcome = t.outcome();
        MahjongView {
            to_move: t.to_discard().map(|p| p.to_string()),
            direction: match t.direction() {
                Direction::Forward => "forward",
                Direction::Backward => "backward",
            }
            .to_owned(),
            wall_left: t.wall_left(),
            wall: viewer.is_none().then(|| {
                self.wall.tiles()[Wall::LEN - t.wall_left()..]
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
                    discards: discards[p.index()].iter().map(|k| k.to_string()).collect(),
                    distance: sees(p).then(|| distance(t.hand(p), self.melds(p))),
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
            last_events_from: self.events_before,
            outcome: outcome.map(|o| match o {
                Outcome::Ron(p) => format!("{p} RON"),
                Outcome::SelfDrawn(p) => format!("{p} SELFDRAWN"),
                Outcome::Draw => "DRAW".to_owned(),
            }),
            winner: outcome.and_then(|o| o.winner()).map(|p| p.to_string()),
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.game.check_invariants()
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![10, Kind::COUNT]
    }

    /// Ten planes of 37 kinds (`1M..9M 1P..9P 1S..9S E S W N B F Z DOUBLE REVERSE PASS`),
    /// as tile counts: 0 the player's hand; 1-4 the melds of A, B, C, D; 5-8 the discards of
    /// A, B, C, D still on the table; 9 all ones when the player is to discard.
    fn observation_tensor(&self, player: usize) -> Vec<f32> {
        let w = Kind::COUNT;
        let mut t = vec![0.0; 10 * w];
        let table = self.table();
        let me = Player::ALL[player.min(3)];
        for k in table.hand(me).tiles() {
            t[k.index()] += 1.0;
        }
        for p in Player::ALL {
            for m in table.melds(p) {
                for k in m.tiles() {
                    t[(1 + p.index()) * w + k.index()] += 1.0;
                }
            }
        }
        for (p, d) in self.discards().iter().enumerate() {
            for k in d {
                t[(5 + p) * w + k.index()] += 1.0;
            }
        }
        if self.current_player() == Some(me.index()) {
            t[9 * w..].fill(1.0);
        }
        t
    }

    fn text(&self) -> String {
        let t = self.table();
        let mut s = String::new();
        for p in Player::ALL {
            let melds: Vec<String> = t.melds(p).map(|m| m.to_string()).collect();
            s.push_str(&format!("{p}: {} | {}\n", t.hand(p), melds.join(" ")));
        }
        match t.to_discard() {
            Some(p) => s.push_str(&format!("{p} to discard, {} tiles in the wall", t.wall_left())),
            None => s.push_str("the game is over"),
        }
        s
    }

    fn max_remaining_steps(&self) -> usize {
        self.game.max_remaining_steps()
    }
}

impl Analyse for Mahjong {
    type Analysis = MahjongAnalysis;

    /// The distance after each possible discard (the distance tables: microseconds).
    fn analyse(&self, _seed: u64) -> Result<MahjongAnalysis, PlayError> {
        let t = self.table();
        let Some(p) = t.to_discard() else {
            return Ok(MahjongAnalysis {
                player: None,
                distance: None,
                rules_choice: None,
                discards: Vec::new(),
            });
        };
        let hand = t.hand(p);
        let melds = self.melds(p);
        Ok(MahjongAnalysis {
            player: Some(p.to_string()),
            distance: Some(distance(hand, melds)),
            rules_choice: Some(t.choose_discard().to_string()),
            discards: discard_options(hand, melds)
                .into_iter()
                .map(|(k, d)| MahjongDiscard { action: k.to_string(), distance: d })
                .collect(),
        })
    }
}
