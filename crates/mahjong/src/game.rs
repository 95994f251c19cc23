//! [`Mahjong`]: the game for [`tabletop_core::Game`]: the discards, and with the parameter
//! `claims` the claims and self-drawn wins, are the players' decisions.
//!
//! # Actions
//! [`MahjongAction`], with dense ids: `0..37` a tile by its kind index ([`Kind::index`]: the
//! discards and the chance outcomes); with `claims` also 37 `SKIP`, 38 `RON`, 39
//! `SELFDRAWN`, 40 `PONG`, and 41..62 `CHOW a b c` by its lowest tile (`1M..7M`, `1P..7P`,
//! `1S..7S`).
//!
//! # Chance
//! With no wall given, the wall is drawn by 148 chance nodes, front first, before anything
//! else: at each one the outcome is a tile kind, with probability (copies of that kind not yet
//! in the wall) / (tiles not yet in the wall), so every wall is equally likely. Outcomes are
//! [`Kind`]s with the ids of the discards (the kind index), and
//! [`Game::chance_from_seed`] gives exactly the wall of [`Wall::random`] from
//! `seeded_rng(seed)`, the wall a seed has always meant.
//!
//! # What a player sees
//! Their own hand, every meld, every discard and every public event; never another player's
//! concealed hand or the wall. The information state is what they saw, in order: the log with
//! the other players' draws hidden, every claim skipped, and the claim decision due. The
//! observation is the table now: their hand, the melds, the discards on the table and whose
//! turn it is. [`Game::resample_from_infostate`] draws the wall again where they have not
//! seen it, replaying the game to keep everything they saw.

use std::fmt::Write as _;

use arrayvec::ArrayVec;
use tabletop_core::text::clip;
use tabletop_core::{
    ChanceMode, Dynamics, Game, GameType, IllegalAction, Information, Number, ParamsError, Returns,
    RewardModel, Rng, Turn, UnknownBot, Utility, seeded_rng,
};

use crate::bot::{BotError, MahjongBot};
use crate::resample::{actions, resample};
use crate::state::{Claim, Position};
use crate::tile::{Direction, Player};
use crate::wall::{Wall, shuffle};
use crate::{Event, Kind, Outcome, Suit};

/// The parameters of a game. Default: the wall is drawn by chance (from a seed in a session).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct MahjongParams {
    /// The wall as the judge reads it (148 tiles, front first, any whitespace). `None`: the
    /// wall is drawn by chance nodes.
    pub wall: Option<String>,
    /// Whether each player decides their own claims and self-drawn wins: after a plain
    /// discard each claim open to a player (`RON`, `PONG`, `CHOW a b c`, or `SKIP`) is their
    /// decision, in the rules' order of priority, and a player who draws a winning hand
    /// chooses `SELFDRAWN` or a discard. `false` (the problem): the fixed rules make them
    /// inside each discard. The `rules` bot plays the same game either way.
    pub claims: bool,
}

/// An action of [`Mahjong`]: a tile (a discard, or a chance outcome while the wall is drawn),
/// a claim on another player's discard, or a self-drawn win (the last two only with
/// `claims`). The notation is the tile's name, `SKIP`, `RON`, `SELFDRAWN`, `PONG` or
/// `CHOW a b c` (the sequence, ascending, as in the log).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MahjongAction {
    /// Discard this tile (or, while the wall is drawn, put it at the back of the wall).
    Tile(Kind),
    /// A decision on another player's discard.
    Claim(Claim),
    /// Win on the tile just drawn.
    SelfDrawn,
}

impl From<Kind> for MahjongAction {
    fn from(kind: Kind) -> MahjongAction {
        MahjongAction::Tile(kind)
    }
}

impl std::fmt::Display for MahjongAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MahjongAction::Tile(k) => k.fmt(f),
            MahjongAction::Claim(c) => c.fmt(f),
            MahjongAction::SelfDrawn => f.write_str("SELFDRAWN"),
        }
    }
}

/// The first id of the claims ([`MahjongAction`]).
const SKIP_ID: usize = Kind::COUNT;
/// The number of ids with `claims`: 37 tiles, `SKIP RON SELFDRAWN PONG`, 21 chows.
const ALL_IDS: usize = Kind::COUNT + 4 + 21;

impl MahjongAction {
    /// The id (see the module docs).
    pub fn id(self) -> usize {
        match self {
            MahjongAction::Tile(k) => k.index(),
            MahjongAction::Claim(Claim::Skip) => SKIP_ID,
            MahjongAction::Claim(Claim::Ron) => SKIP_ID + 1,
            MahjongAction::SelfDrawn => SKIP_ID + 2,
            MahjongAction::Claim(Claim::Pong) => SKIP_ID + 3,
            MahjongAction::Claim(Claim::Chow(lowest)) => {
                let suit = lowest.suit().map_or(0, |s| s as usize);
                SKIP_ID + 4 + suit * 7 + usize::from(lowest.rank().unwrap_or(1)) - 1
            }
        }
    }

    /// The action of an id (`0..62`), if any.
    pub fn from_id(id: usize) -> Option<MahjongAction> {
        Some(match id {
            _ if id < SKIP_ID => MahjongAction::Tile(Kind::new(id)?),
            SKIP_ID => MahjongAction::Claim(Claim::Skip),
            38 => MahjongAction::Claim(Claim::Ron),
            39 => MahjongAction::SelfDrawn,
            40 => MahjongAction::Claim(Claim::Pong),
            _ if id < ALL_IDS => {
                let i = id - (SKIP_ID + 4);
                let suit = [Suit::Characters, Suit::Dots, Suit::Bamboo][i / 7];
                MahjongAction::Claim(Claim::Chow(Kind::suited(suit, (i % 7) as u8 + 1)?))
            }
            _ => return None,
        })
    }

    /// Reads the notation: a tile's name, `SKIP`, `RON`, `SELFDRAWN`, `PONG`, or `CHOW a b c`
    /// (words separated by any whitespace).
    fn parse(text: &str) -> Result<MahjongAction, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let expected = "expected a tile (1M..9M, 1P..9P, 1S..9S, E, S, W, N, B, F, Z, PASS, \
                        REVERSE, DOUBLE), SKIP, RON, SELFDRAWN, PONG or CHOW a b c";
        match words.as_slice() {
            ["SKIP"] => Ok(MahjongAction::Claim(Claim::Skip)),
            ["RON"] => Ok(MahjongAction::Claim(Claim::Ron)),
            ["SELFDRAWN"] => Ok(MahjongAction::SelfDrawn),
            ["PONG"] => Ok(MahjongAction::Claim(Claim::Pong)),
            ["CHOW", a, b, c] => {
                let chow = (|| {
                    let lowest: Kind = a.parse().ok()?;
                    let seq = [lowest.offset(0)?, lowest.offset(1)?, lowest.offset(2)?];
                    (seq.map(|k| k.to_string()) == [*a, *b, *c].map(str::to_owned))
                        .then_some(MahjongAction::Claim(Claim::Chow(lowest)))
                })();
                chow.ok_or_else(|| {
                    "a chow is three consecutive tiles of one suit, ascending (CHOW 3M 4M 5M)"
                        .to_owned()
                })
            }
            [one] => one.parse().map(MahjongAction::Tile).map_err(|_| expected.to_owned()),
            _ => Err(expected.to_owned()),
        }
    }
}

/// Mahjong (THUPC 2021 variant) as a [`Game`]: players 0-3 are `A B C D`. By default a
/// player decides only their discards (any kind they hold): draws, wins (always taken) and
/// claims (made exactly when they lower the distance) follow the problem's fixed rules inside
/// each action, as in [`Position::discard`]. With the parameter `claims` each player also
/// decides their claims and self-drawn wins ([`Position::with_claims`]): whose decision it
/// is, as always, is public, so a player seen deciding a claim holds one.
///
/// Returns: 1 to the winner, 0 to everyone else; all 0 for a draw (general-sum, utility range
/// 0 to 1). Bots ([`MahjongBot`]): `rules` (the fixed rules, [`Position::choose_discard`]),
/// `random`, and with the `nn` feature `nn` (the shipped network) and `nn-mc` (the network's
/// best three judged by playouts), in the problem's game.
///
/// ```
/// use tabletop_core::{Game, seeded_rng};
/// use tabletop_mahjong::{Mahjong, Wall, simulate};
///
/// let mut game = Mahjong::new(&Default::default())?;
/// assert!(game.is_chance_node());
/// for kind in game.chance_from_seed(7) {
///     game.apply(kind);
/// }
/// let wall = Wall::random(&mut seeded_rng(7));
/// assert_eq!(game, Mahjong::from_wall(&wall));
/// while !game.is_terminal() {
///     game.apply(game.bot_action("rules", 0));
/// }
/// assert_eq!(game.position().unwrap().events(), simulate(&wall).events);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Two states are equal when the game is in the same place, whether its wall was drawn by
/// chance or given.
#[derive(Clone, Debug)]
pub struct Mahjong {
    stage: Stage,
    /// Whether the players decide their claims (the parameter `claims`).
    claims: bool,
    /// The number of events before the last player's action.
    last_from: usize,
    /// Whether the wall was drawn by chance nodes (not given): what [`Game::history`]
    /// starts with.
    by_chance: bool,
}

impl PartialEq for Mahjong {
    fn eq(&self, other: &Mahjong) -> bool {
        (&self.stage, self.claims, self.last_from) == (&other.stage, other.claims, other.last_from)
    }
}

impl Eq for Mahjong {}

/// The table inline, not boxed: a batch of games reaches each one with a pointer less to
/// follow (a step of 1024 Mahjong games 1.08x faster), and a deal allocates no box.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)]
enum Stage {
    /// Chance draws the wall, front first.
    Wall {
        /// The tiles drawn so far.
        drawn: ArrayVec<Kind, { Wall::LEN }>,
        /// The copies of each kind not drawn yet.
        left: [u8; Kind::COUNT],
    },
    /// The wall is complete and dealt.
    Dealt(Position),
}

/// The width of a row of the information-state tensor (see [`Mahjong`]'s
/// [`Game::information_state_tensor`]).
const ROW: usize = 4 + 9 + Kind::COUNT + 4;

impl Mahjong {
    /// A bound on the events of a game, the rows of the information-state tensor after its
    /// first: at most 148 draws (one per tile); at most 112 discards (each follows one of the
    /// 96 draws after the deal or one of at most 16 claims, four melds a player); at most 16
    /// claims; at most 2 closing lines (`X RON`/`X SELFDRAWN` and `X WIN`, or `DRAW`).
    pub const MAX_EVENTS: usize = 148 + 112 + 16 + 2;

    /// The one-line description of the game.
    pub const DESCRIPTION: &'static str = "Mahjong (THUPC 2021 variant): four players, special tiles PASS, REVERSE, DOUBLE; the fixed rules or your own discards and claims";

    /// The game on `wall`: dealt, with `A`'s discard due (or over, if `A` wins on the first
    /// draw).
    pub fn from_wall(wall: &Wall) -> Mahjong {
        Mahjong::from_wall_with_claims(wall, false)
    }

    /// [`Mahjong::from_wall`]; with `claims` the players decide their claims and self-drawn
    /// wins (the parameter `claims`).
    pub fn from_wall_with_claims(wall: &Wall, claims: bool) -> Mahjong {
        let table = Position::with_claims(wall, claims);
        let last_from = table.events().len();
        Mahjong { stage: Stage::Dealt(table), claims, last_from, by_chance: false }
    }

    /// Whether the players decide their claims (the parameter `claims`).
    pub fn decides_claims(&self) -> bool {
        self.claims
    }

    /// The position, once the wall is drawn (`None` at the chance nodes before).
    pub fn position(&self) -> Option<&Position> {
        match &self.stage {
            Stage::Wall { .. } => None,
            Stage::Dealt(t) => Some(t),
        }
    }

    /// The tiles of the wall drawn by chance so far (148 once the game is on).
    pub fn wall_drawn(&self) -> usize {
        match &self.stage {
            Stage::Wall { drawn, .. } => drawn.len(),
            Stage::Dealt(_) => Wall::LEN,
        }
    }

    /// The number of events of the log before the last player's action: the events from here
    /// on are what that action set off (the discard, the claims, the next draw).
    pub fn last_events_from(&self) -> usize {
        self.last_from
    }

    /// Why the bot `nn` cannot play a game where the players decide their claims
    /// (`claims`) or not (`None` when it can): the shipped network plays only the game it was
    /// trained for, and only in a build with the `nn` feature.
    pub fn network_refusal(claims: bool) -> Option<String> {
        #[cfg(feature = "nn")]
        return crate::nnbot::network_refusal(claims);
        #[cfg(not(feature = "nn"))]
        {
            let _ = claims;
            Some(
                "this build has no shipped network (the mahjong crate's `nn` feature is off)"
                    .to_owned(),
            )
        }
    }

    /// The bot `name` for this game, or why it cannot play it ([`MahjongBot::new`]).
    ///
    /// # Errors
    /// [`BotError`].
    pub fn bot(&self, name: &str) -> Result<MahjongBot, BotError> {
        MahjongBot::for_game(name, self.claims)
    }

    /// The fixed rules' action for the player to act: with `claims`, [`Position::choose_claim`]
    /// at a claim and `SELFDRAWN` when they may win; otherwise [`Position::choose_discard`].
    ///
    /// # Panics
    /// When no player is to act.
    pub(crate) fn rules_action(&self) -> MahjongAction {
        let t = self.position().filter(|t| t.to_act().is_some());
        let t = t.expect("a bot acts only for a player to move");
        if t.claim_due().is_some() {
            MahjongAction::Claim(t.choose_claim())
        } else if t.may_self_draw() {
            MahjongAction::SelfDrawn
        } else {
            MahjongAction::Tile(t.choose_discard())
        }
    }

    /// Whether the wall was given as a parameter (known to all), not drawn by chance.
    #[cfg(feature = "nn")]
    pub(crate) fn wall_known(&self) -> bool {
        !self.by_chance
    }

    fn viewer(player: usize) -> Player {
        Player::from_index(player.min(3))
    }
}

impl Game for Mahjong {
    type Params = MahjongParams;
    type Action = MahjongAction;

    const TYPE: GameType = GameType {
        short_name: "mahjong",
        long_name: "Mahjong (THUPC 2021 variant)",
        description: Mahjong::DESCRIPTION,
        dynamics: Dynamics::Sequential,
        chance_mode: ChanceMode::ExplicitStochastic,
        information: Information::Imperfect,
        utility: Utility::GeneralSum,
        reward_model: RewardModel::Terminal,
        min_num_players: 4,
        max_num_players: 4,
    };

    /// A pasted wall is dealt at once; without one the wall is drawn by chance nodes.
    ///
    /// # Errors
    /// `wall`: why the text is not a wall ([`crate::WallError`]).
    fn new(params: &MahjongParams) -> Result<Mahjong, ParamsError> {
        match &params.wall {
            Some(text) => {
                let wall = Wall::parse(text).map_err(|e| ParamsError::bad("wall", e))?;
                Ok(Mahjong::from_wall_with_claims(&wall, params.claims))
            }
            None => Ok(Mahjong {
                stage: Stage::Wall { drawn: ArrayVec::new(), left: [4; Kind::COUNT] },
                claims: params.claims,
                last_from: 0,
                by_chance: true,
            }),
        }
    }

    fn num_players(&self) -> usize {
        4
    }

    /// `A`, `B`, `C`, `D`.
    fn player_name(&self, player: usize) -> String {
        Player::ALL.get(player).map_or_else(|| format!("player {player}"), |p| p.to_string())
    }

    fn turn(&self) -> Turn {
        match &self.stage {
            Stage::Wall { .. } => Turn::Chance,
            Stage::Dealt(t) => match t.to_act() {
                Some(p) => Turn::Player(p.index()),
                None => Turn::Terminal,
            },
        }
    }

    /// The kinds the player to discard holds, lowest first, and `SELFDRAWN` when they may win
    /// by self-draw; at a claim decision `SKIP` and the claims open ([`Position::claim_options`]);
    /// while the wall is drawn, the kinds with copies left. Ascending by id.
    fn legal_actions(&self) -> Vec<MahjongAction> {
        match &self.stage {
            Stage::Wall { left, .. } => Kind::ALL
                .into_iter()
                .filter(|k| left[k.index()] > 0)
                .map(MahjongAction::Tile)
                .collect(),
            Stage::Dealt(t) => match t.to_discard() {
                Some(p) => {
                    let mut actions: Vec<MahjongAction> =
                        t.hand(p).kinds().map(MahjongAction::Tile).collect();
                    if t.may_self_draw() {
                        actions.push(MahjongAction::SelfDrawn);
                    }
                    actions
                }
                None => t.claim_options().into_iter().map(MahjongAction::Claim).collect(),
            },
        }
    }

    /// From the counts, with no list while a player discards.
    fn write_legal_mask(&self, mask: &mut [bool]) {
        mask.fill(false);
        let counts = match &self.stage {
            Stage::Wall { left, .. } => left,
            Stage::Dealt(t) => match t.to_discard() {
                Some(p) => {
                    if t.may_self_draw() {
                        mask[MahjongAction::SelfDrawn.id()] = true;
                    }
                    t.hand(p).counts()
                }
                None => {
                    for c in t.claim_options() {
                        mask[MahjongAction::Claim(c).id()] = true;
                    }
                    return;
                }
            },
        };
        for (m, &count) in mask.iter_mut().zip(counts) {
            *m = count > 0;
        }
    }

    /// Each kind with its share of the tiles not yet in the wall.
    fn chance_outcomes(&self) -> Vec<(MahjongAction, f64)> {
        let Stage::Wall { drawn, left } = &self.stage else {
            return Vec::new();
        };
        let rest = (Wall::LEN - drawn.len()) as f64;
        Kind::ALL
            .into_iter()
            .filter(|k| left[k.index()] > 0)
            .map(|k| (MahjongAction::Tile(k), f64::from(left[k.index()]) / rest))
            .collect()
    }

    /// The tiles not yet in the wall, sorted by kind and shuffled by the simulator's
    /// shuffle: from the start, exactly [`Wall::random`] of `seeded_rng(seed)`.
    fn chance_from_seed(&self, seed: u64) -> Vec<MahjongAction> {
        let Stage::Wall { left, .. } = &self.stage else {
            return Vec::new();
        };
        let mut rest: Vec<Kind> = Kind::ALL
            .into_iter()
            .flat_map(|k| std::iter::repeat_n(k, usize::from(left[k.index()])))
            .collect();
        shuffle(&mut rest, &mut seeded_rng(seed));
        rest.into_iter().map(MahjongAction::Tile).collect()
    }

    /// A chance outcome puts the kind at the back of the wall drawn so far (the 148th deals
    /// it); a discard plays on (by the fixed rules, or to the next decision with `claims`)
    /// until the next decision is due; so do a claim and a self-drawn win.
    fn apply_unchecked(&mut self, action: MahjongAction) {
        let claims = self.claims;
        match (&mut self.stage, action) {
            (Stage::Wall { drawn, left }, MahjongAction::Tile(kind)) => {
                debug_assert!(left[kind.index()] > 0, "a fifth {kind} in the wall");
                left[kind.index()] -= 1;
                drawn.push(kind);
                if drawn.is_full() {
                    let wall = Wall::from_tiles(drawn).expect("four of each kind");
                    *self = Mahjong::from_wall_with_claims(&wall, claims);
                    self.by_chance = true;
                }
            }
            (Stage::Wall { .. }, other) => debug_assert!(false, "{other} while the wall is drawn"),
            (Stage::Dealt(t), action) => {
                if t.claim_due().is_none() {
                    // A discard or a self-drawn win: what follows is this action's.
                    self.last_from = t.events().len();
                }
                match action {
                    MahjongAction::Tile(kind) => t.discard_unchecked(kind),
                    MahjongAction::Claim(c) => t.claim_unchecked(c),
                    MahjongAction::SelfDrawn => {
                        t.try_self_drawn().expect("a self-drawn win is legal")
                    }
                }
            }
        }
    }

    /// 37: the kind index ([`Kind::index`]), for discards and chance outcomes alike; 62 with
    /// `claims` (see the module docs).
    fn num_distinct_actions(&self) -> usize {
        if self.claims { ALL_IDS } else { Kind::COUNT }
    }

    fn max_chance_outcomes(&self) -> usize {
        Kind::COUNT
    }

    fn action_id(&self, action: MahjongAction) -> usize {
        action.id()
    }

    fn action_from_id(&self, id: usize) -> Option<MahjongAction> {
        MahjongAction::from_id(id).filter(|a| self.claims || matches!(a, MahjongAction::Tile(_)))
    }

    /// A kind's name (`1M`, `E`, `PASS`; the reason is [`crate::ParseKindError`]'s text);
    /// with `claims` also `SKIP`, `RON`, `SELFDRAWN`, `PONG` and `CHOW a b c`.
    fn parse_action(&self, text: &str) -> Result<MahjongAction, IllegalAction> {
        let bad = |reason: String| IllegalAction::Parse { text: clip(text).to_string(), reason };
        if !self.claims {
            return text
                .parse()
                .map(MahjongAction::Tile)
                .map_err(|e: crate::ParseKindError| bad(e.to_string()));
        }
        MahjongAction::parse(text).map_err(bad)
    }

    /// 1 to the winner, 0 to everyone else (and to all for a draw or before the end).
    fn returns(&self) -> Returns {
        let mut r = vec![0.0; 4];
        if let Some(p) = self.position().and_then(Position::outcome).and_then(Outcome::winner) {
            r[p.index()] = 1.0;
        }
        r
    }

    fn utility_range(&self) -> (f64, f64) {
        (0.0, 1.0)
    }

    /// The chance nodes left, then every discard: each follows a draw from the wall or a claim
    /// (at most 16: four melds each), and the one due now. With `claims`, each discard is
    /// followed by at most 5 claim decisions (3 players who may win on it, the pong, the
    /// chows), and so is the one open now.
    fn max_remaining_steps(&self) -> usize {
        let per_discard = if self.claims { 6 } else { 1 };
        match &self.stage {
            Stage::Wall { drawn, .. } => {
                // After the deal and A's first draw: 95 tiles, 16 claims, A's discard.
                (Wall::LEN - drawn.len()) + per_discard * ((Wall::LEN - 53) + 16 + 1)
            }
            Stage::Dealt(t) => {
                let open = if t.claim_due().is_some() { 5 } else { 0 };
                open + per_discard
                    * (t.wall_left() + t.claims_left() + usize::from(t.to_discard().is_some()))
            }
        }
    }

    /// What `player` saw, in order: `you are X`, then while the wall is drawn
    /// `the wall: n of 148 tiles drawn`, and once it is dealt every log line
    /// ([`Event`]'s text), other players' draws as `Y IN ?`; with `claims`, after a discard,
    /// `X SKIP` for each claim skipped on it (whose decision it is is public, so is a skip),
    /// and while a claim is to be decided a last line `X to decide a claim on Y's t`. So the
    /// information state says who acts: the player of the last draw, pong or chow, or the
    /// one deciding a claim.
    fn information_state_string(&self, player: usize) -> String {
        let me = Mahjong::viewer(player);
        let mut s = format!("you are {me}\n");
        match &self.stage {
            Stage::Wall { drawn, .. } => {
                let _ = writeln!(s, "the wall: {} of {} tiles drawn", drawn.len(), Wall::LEN);
            }
            Stage::Dealt(t) => {
                let mut skips = t.skips().iter().peekable();
                for (i, e) in t.events().iter().enumerate() {
                    let _ = match *e {
                        Event::Draw { player, .. } if player != me => {
                            writeln!(s, "{player} IN ?")
                        }
                        e => writeln!(s, "{e}"),
                    };
                    while let Some(&(_, p)) = skips.next_if(|&&(at, _)| at == i + 1) {
                        let _ = writeln!(s, "{p} SKIP");
                    }
                }
                if let Some(c) = t.claim_due() {
                    let _ = writeln!(
                        s,
                        "{} to decide a claim on {}'s {}",
                        c.player, c.discarder, c.tile
                    );
                }
            }
        }
        s
    }

    /// Shape `[1 + MAX_EVENTS, 54]` ([`Mahjong::MAX_EVENTS`] = 278): row 0 is the viewer (columns 0-3,
    /// one-hot `A B C D`), the share of the wall drawn (column 4: 1 once dealt) and the player
    /// to decide a claim, if one is due (columns 5-8, one-hot); row `1 + i`
    /// is event `i` of the log (zero rows after the last): columns 0-3 the player (one-hot;
    /// none for `DRAW`), 4-12 the kind of event (one-hot: draw, discard, pass, chow, pong, ron,
    /// self-drawn, win, draw game), 13-49 the tile (one-hot by [`Kind::index`]: the tile drawn,
    /// for the viewer's own draws only; the tile discarded, `PASS` for a pass; the lowest tile
    /// of a chow; the kind of a pong), 50-53 the player a `PASS` names (one-hot) or, for a
    /// discard, the players who skipped a claim on it.
    fn information_state_tensor(&self, player: usize) -> Vec<f32> {
        let me = Mahjong::viewer(player);
        let mut t = vec![0.0; (1 + Mahjong::MAX_EVENTS) * ROW];
        t[me.index()] = 1.0;
        t[4] = self.wall_drawn() as f32 / Wall::LEN as f32;
        let Some(table) = self.position() else {
            return t;
        };
        if let Some(c) = table.claim_due() {
            t[5 + c.player.index()] = 1.0;
        }
        for &(at, p) in table.skips() {
            // The skip follows the discard, event `at - 1`: its row is `at`.
            t[at * ROW + 50 + p.index()] = 1.0;
        }
        for (i, e) in table.events().iter().enumerate() {
            let row = &mut t[(1 + i) * ROW..(2 + i) * ROW];
            let (who, what, tile, target) = match *e {
                Event::Draw { player, tile } => {
                    (Some(player), 0, (player == me).then_some(tile), None)
                }
                Event::Discard { player, tile } => (Some(player), 1, Some(tile), None),
                Event::Pass { player, target } => (Some(player), 2, Some(Kind::PASS), Some(target)),
                Event::Chow { player, lowest } => (Some(player), 3, Some(lowest), None),
                Event::Pong { player, tile } => (Some(player), 4, Some(tile), None),
                Event::Ron { player } => (Some(player), 5, None, None),
                Event::SelfDrawn { player } => (Some(player), 6, None, None),
                Event::Win { player } => (Some(player), 7, None, None),
                Event::WallEmpty => (None, 8, None, None),
            };
            if let Some(p) = who {
                row[p.index()] = 1.0;
            }
            row[4 + what] = 1.0;
            if let Some(k) = tile {
                row[13 + k.index()] = 1.0;
            }
            if let Some(p) = target {
                row[50 + p.index()] = 1.0;
            }
        }
        t
    }

    fn information_state_shape(&self) -> Vec<usize> {
        vec![1 + Mahjong::MAX_EVENTS, ROW]
    }

    /// While the wall is drawn nobody has seen a tile: the tiles drawn so far are drawn
    /// again. Once dealt from a wall drawn by chance: the wall where `player` has not seen it
    /// (the other players' draws, the tiles still in the wall) drawn again and the game
    /// replayed with the same actions, keeping only a wall that shows `player` everything
    /// they saw (the module `resample` says how; it always finds one). A given wall is a
    /// parameter of the game, known to all: the state itself.
    fn resample_from_infostate(&self, player: usize, rng: &mut Rng) -> Mahjong {
        match &self.stage {
            _ if player >= 4 => self.clone(),
            Stage::Wall { drawn, .. } => {
                let mut tiles = *Wall::sorted().tiles();
                shuffle(&mut tiles, rng);
                let mut left = [4; Kind::COUNT];
                let drawn: ArrayVec<Kind, { Wall::LEN }> =
                    tiles[..drawn.len()].iter().copied().collect();
                for k in &drawn {
                    left[k.index()] -= 1;
                }
                Mahjong { stage: Stage::Wall { drawn, left }, ..self.clone() }
            }
            Stage::Dealt(_) if !self.by_chance => self.clone(),
            // The fields but the position (not cloned only to be dropped).
            Stage::Dealt(t) => Mahjong {
                stage: Stage::Dealt(resample(t, Player::from_index(player), rng)),
                claims: self.claims,
                last_from: self.last_from,
                by_chance: self.by_chance,
            },
        }
    }

    /// The wall's tiles front first, when it was drawn by chance; then the players' actions.
    fn history(&self) -> Option<Vec<(Turn, MahjongAction)>> {
        let chance = |&k: &Kind| (Turn::Chance, MahjongAction::Tile(k));
        Some(match &self.stage {
            Stage::Wall { drawn, .. } => drawn.iter().map(chance).collect(),
            Stage::Dealt(t) => {
                let wall = t.wall().tiles().iter().filter(|_| self.by_chance).map(chance);
                let moves = actions(t).into_iter().map(|(p, a)| (Turn::Player(p.index()), a));
                wall.chain(moves).collect()
            }
        })
    }

    /// The table now as `player` sees it: `you are X`; one line per player with their hand
    /// (the viewer's own tiles; the number of tiles for the others), melds and discards on the
    /// table; then who is to discard, the tiles in the wall and the direction, or the end.
    /// While the wall is drawn: `the wall: n of 148 tiles drawn`.
    fn observation_string(&self, player: usize) -> String {
        let me = Mahjong::viewer(player);
        let mut s = format!("you are {me}\n");
        let Some(t) = self.position() else {
            let _ = writeln!(s, "the wall: {} of {} tiles drawn", self.wall_drawn(), Wall::LEN);
            return s;
        };
        let list =
            |tiles: Vec<String>| if tiles.is_empty() { "-".to_owned() } else { tiles.join(" ") };
        for p in Player::ALL {
            let hand =
                if p == me { t.hand(p).to_string() } else { format!("{} tiles", t.hand(p).len()) };
            let melds = list(t.melds(p).map(|m| m.to_string()).collect());
            let discards = list(t.discards(p).iter().map(Kind::to_string).collect());
            let _ = writeln!(s, "{p}: {hand} | melds {melds} | discards {discards}");
        }
        let direction = match t.direction() {
            Direction::Forward => "forward",
            Direction::Backward => "backward",
        };
        let _ = match (t.to_discard(), t.claim_due(), t.outcome()) {
            (Some(p), _, _) => {
                writeln!(s, "{p} to discard, {} tiles in the wall, {direction}", t.wall_left())
            }
            (None, Some(c), _) => {
                writeln!(
                    s,
                    "{} to decide a claim on {}'s {}, {} tiles in the wall, {direction}",
                    c.player,
                    c.discarder,
                    c.tile,
                    t.wall_left()
                )
            }
            (None, None, Some(Outcome::Ron(p))) => writeln!(s, "over: {p} RON"),
            (None, None, Some(Outcome::SelfDrawn(p))) => writeln!(s, "over: {p} SELFDRAWN"),
            (None, None, _) => writeln!(s, "over: DRAW"),
        };
        s
    }

    /// Ten planes of 37 kinds (`1M..9M 1P..9P 1S..9S E S W N B F Z DOUBLE REVERSE PASS`),
    /// as tile counts: 0 the player's hand; 1-4 the melds of A, B, C, D; 5-8 the discards of
    /// A, B, C, D still on the table; 9 all ones when the player is to act. All zero
    /// while the wall is drawn.
    fn write_observation_tensor<T: Number>(&self, player: usize, t: &mut [T]) {
        let w = Kind::COUNT;
        let Some(table) = self.position() else {
            t.fill(T::ZERO);
            return;
        };
        let me = Mahjong::viewer(player);
        // Every plane but the last straight from the counts the table keeps (gathered in a
        // buffer first, the copy out of it waits for the stores into it: 1.7x the time for
        // bytes; float32 loses 6%, converting in three runs instead of one).
        let (melds, discards) = table.all_counts();
        let (hand, rest) = t.split_at_mut(w);
        let (in_melds, rest) = rest.split_at_mut(4 * w);
        let (on_table, to_act) = rest.split_at_mut(4 * w);
        tabletop_core::write_counts(hand, table.hand(me).counts());
        tabletop_core::write_counts(in_melds, melds.as_flattened());
        tabletop_core::write_counts(on_table, discards.as_flattened());
        to_act.fill(T::from_flag(table.to_act() == Some(me)));
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![10, Kind::COUNT]
    }

    /// The counts: four tiles of a kind at most.
    fn observation_max(&self) -> u8 {
        4
    }

    /// Every hand and meld, then who is to discard and the tiles in the wall (or the end).
    fn text(&self) -> String {
        let Some(t) = self.position() else {
            return format!("the wall: {} of {} tiles drawn", self.wall_drawn(), Wall::LEN);
        };
        let mut s = String::new();
        for p in Player::ALL {
            let melds: Vec<String> = t.melds(p).map(|m| m.to_string()).collect();
            let _ = writeln!(s, "{p}: {} | {}", t.hand(p), melds.join(" "));
        }
        match (t.to_discard(), t.claim_due()) {
            (Some(p), _) => {
                let _ = write!(s, "{p} to discard, {} tiles in the wall", t.wall_left());
            }
            (None, Some(c)) => {
                let _ = write!(
                    s,
                    "{} to decide a claim on {}'s {}, {} tiles in the wall",
                    c.player,
                    c.discarder,
                    c.tile,
                    t.wall_left()
                );
            }
            (None, None) => s.push_str("the game is over"),
        }
        s
    }

    /// `rules` (the default), `random`, and `nn` and `nn-mc` when the shipped network plays
    /// this game ([`Mahjong::network_refusal`]).
    fn bots(&self) -> Vec<String> {
        let mut bots = vec!["rules".to_owned(), "random".to_owned()];
        if Mahjong::network_refusal(self.claims).is_none() {
            bots.extend(["nn".to_owned(), "nn-mc".to_owned()]);
        }
        bots
    }

    /// Whether [`MahjongBot::new`] builds the bot `name` for this game: `rules`, `random`,
    /// `nn`, `nn-mc`, `nn-mc:<playouts>` (up to [`MAX_PLAYOUTS`](tabletop_core::budget::MAX_PLAYOUTS)
    /// per decision) or `nn-mc:<milliseconds>ms` (up to
    /// [`MAX_MILLIS`](tabletop_core::budget::MAX_MILLIS)). A budget above its cap is refused with the
    /// cap as the reason; a network bot where the shipped network does not play this game,
    /// with what it plays (or, in a build without it, that there is none).
    fn check_bot(&self, name: &str) -> Result<(), UnknownBot> {
        self.bot(name).map(drop).map_err(|e| UnknownBot {
            bot: name.to_owned(),
            known: self.bots(),
            reason: (!matches!(e, BotError::Unknown(_))).then(|| e.to_string()),
        })
    }

    /// The action of [`MahjongBot::new`]'s bot `bot` ([`MahjongBot::action`]): `rules` the
    /// problem's fixed rules, `random` any legal action, `nn` the shipped network's choice,
    /// `nn-mc` the network's best three judged by playouts. All read only the player's own
    /// hand and melds and the table.
    ///
    /// # Panics
    /// When no player is to move, or for a bot [`Game::check_bot`] refuses.
    fn bot_action(&self, bot: &str, seed: u64) -> MahjongAction {
        match self.bot(bot) {
            Ok(b) => b.action(self, seed),
            Err(e) => panic!("a bot the game refuses was asked to act: {e}"),
        }
    }

    /// While the wall is drawn: each kind's copies drawn and left add up to 4. Then the
    /// table's check ([`Position::check_invariants`]) and the start of the last action within the log.
    fn check_invariants(&self) -> Result<(), String> {
        match &self.stage {
            Stage::Wall { drawn, left } => {
                let mut counts = left.map(usize::from);
                for k in drawn {
                    counts[k.index()] += 1;
                }
                match Kind::ALL.iter().find(|k| counts[k.index()] != 4) {
                    Some(k) => Err(format!(
                        "{} copies of {k} drawn or left in the wall",
                        counts[k.index()]
                    )),
                    None => Ok(()),
                }
            }
            Stage::Dealt(t) => {
                t.check_invariants()?;
                if t.decides_claims() != self.claims {
                    return Err("the table and the game disagree on who decides claims".to_owned());
                }
                if self.last_from > t.events().len() {
                    return Err(format!(
                        "the last action starts at event {}, past the {} events",
                        self.last_from,
                        t.events().len()
                    ));
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawing(n: usize) -> Mahjong {
        let mut g = Mahjong::new(&MahjongParams::default()).unwrap();
        for k in g.chance_from_seed(3).into_iter().take(n) {
            g.apply(k);
        }
        g
    }

    #[cfg(feature = "serde")]
    #[test]
    fn params_default_every_field_and_refuse_unknown_ones() {
        use serde::Deserialize;
        use serde::de::value::{Error, MapDeserializer};
        let read = |pairs: Vec<(&str, &str)>| {
            MahjongParams::deserialize(MapDeserializer::<_, Error>::new(pairs.into_iter()))
        };
        assert_eq!(read(vec![]), Ok(MahjongParams::default()));
        let err = read(vec![("walls", "1M")]).unwrap_err().to_string();
        assert_eq!(err, "unknown field `walls`, expected `wall` or `claims`");
    }

    #[test]
    fn the_check_catches_a_wall_count_off_and_a_last_action_past_the_log() {
        let mut g = drawing(40);
        assert_eq!(g.check_invariants(), Ok(()));
        let Stage::Wall { drawn, left } = &mut g.stage else { unreachable!() };
        let k = drawn[0];
        left[k.index()] += 1;
        assert_eq!(g.check_invariants(), Err(format!("5 copies of {k} drawn or left in the wall")));
        let mut g = drawing(40);
        let Stage::Wall { drawn, .. } = &mut g.stage else { unreachable!() };
        let k = drawn.pop().unwrap();
        assert_eq!(g.check_invariants(), Err(format!("3 copies of {k} drawn or left in the wall")));

        let mut g = drawing(Wall::LEN);
        assert_eq!(g.check_invariants(), Ok(()));
        let events = g.position().unwrap().events().len();
        g.last_from = events + 1;
        assert_eq!(
            g.check_invariants(),
            Err(format!(
                "the last action starts at event {}, past the {events} events",
                events + 1
            ))
        );
        // The table's own check comes through.
        let mut g = drawing(Wall::LEN);
        let Stage::Dealt(t) = &mut g.stage else { unreachable!() };
        t.miscount_discard(Kind::PASS);
        assert_eq!(
            g.check_invariants(),
            Err("the discards counted on the table disagree with the log".to_owned())
        );
    }
}
