//! The tensors read back plane by plane at every step of seeded games of three players with
//! four or ten cards each (so no two plane indices coincide, as `h * n` and `h + n` do with
//! two players of two cards): the observation against the state's accessors, the information
//! state's memory against the tokens of the information state string.

use tabletop_core::Game;
use tabletop_take6::{Card, CardSet, DECK_SIZE, Mode, Take6, Take6Params};

const W: usize = DECK_SIZE as usize;
const ROWS: usize = 4;

/// The card values marked in plane `k`, each checked to be exactly 1.
fn plane(t: &[f32], k: usize) -> Vec<u8> {
    let cells = &t[k * W..(k + 1) * W];
    assert!(cells.iter().all(|&x| x == 0.0 || x == 1.0), "plane {k} holds 0 or 1");
    (0..W).filter(|&i| cells[i] == 1.0).map(|i| i as u8 + 1).collect()
}

fn values(set: CardSet) -> Vec<u8> {
    set.into_iter().map(Card::value).collect()
}

/// The history tokens of the hand in progress, from the information state string: from its
/// first deal token (one at the start or after a play). Before a match's next hand deals
/// its first card they are still the last hand's (the last token is then a play).
fn hand_tokens(text: &str) -> Vec<&str> {
    let history = text.lines().find_map(|l| l.strip_prefix("history:")).unwrap_or("");
    let tokens: Vec<&str> = history.split_whitespace().collect();
    let start = (0..tokens.len())
        .rev()
        .find(|&i| tokens[i].starts_with('d') && (i == 0 || tokens[i - 1].starts_with('p')))
        .unwrap_or(0);
    tokens[start..].to_vec()
}

/// The information state's memory planes (9 on) as the string's history tokens give them:
/// `d{q}:v` dealt to the player, `s{r}:v` a row's start, `p{q}:v` (or `?`) a card chosen,
/// `p{q}:r{row}` a row taken; only the hand in progress counts.
fn memory_from_string(text: &str, player: usize, n: usize, h: usize) -> Vec<Vec<u8>> {
    let mut planes = vec![Vec::new(); 2 + h * (n + 1)];
    let tokens = hand_tokens(text);
    let mut choices = 0;
    for token in &tokens {
        let (who, what) = token.split_once(':').unwrap();
        let (kind, index) = who.split_at(1);
        let index: usize = index.parse().unwrap();
        match (kind, what) {
            ("d", "?") => {}
            ("d", v) if index == player + 1 => planes[0].push(v.parse().unwrap()),
            ("d", _) => {}
            ("s", v) => planes[1].push(v.parse().unwrap()),
            ("p", row) if row.starts_with('r') => {
                let row: usize = row[1..].parse().unwrap();
                let round = (choices - 1) / n;
                planes[2 + h * n + round].push(((index - 1) * ROWS + row - 1) as u8 + 1);
            }
            ("p", v) => {
                if v != "?" {
                    planes[2 + (choices / n) * n + index - 1].push(v.parse().unwrap());
                }
                choices += 1;
            }
            _ => panic!("unknown token {token}"),
        }
    }
    for p in &mut planes {
        p.sort_unstable();
    }
    planes
}

/// Every plane of both tensors of every player, at every step of a seeded game (at most 400
/// steps); the states checked (one a player and step in play) and the hands dealt.
fn check_game(mode: Mode, h: usize, seed: u64) -> (usize, u32) {
    let n = 3;
    let params = Take6Params {
        players: n as u8,
        hand_size: h as u8,
        row_rule: "choose".into(),
        mode,
        ..Default::default()
    };
    let mut g = Take6::new(&params).unwrap();
    assert_eq!(g.information_state_shape(), [12 + h * (n + 1), W]);
    let (mut steps, mut checked, mut dealing) = (0, 0, 0);
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    while !g.is_terminal() && steps < 400 {
        for p in 0..n {
            let obs = g.observation_tensor(p);
            let info = g.information_state_tensor(p);
            assert_eq!(obs[..], info[..9 * W], "the information state starts with the observation");
            if g.is_dealing() {
                // The cards dealt so far: the player's, and each row's start once dealt (none
                // yet when the last token is the previous hand's play).
                let text = g.information_state_string(p);
                let mut tokens = hand_tokens(&text);
                if tokens.last().is_some_and(|t| t.starts_with('p')) {
                    tokens.clear();
                }
                let mut mine = Vec::new();
                let mut rows = vec![Vec::new(); ROWS];
                for token in tokens {
                    let (who, v) = token[1..].split_once(':').unwrap();
                    let who: usize = who.parse().unwrap();
                    match (&token[..1], v) {
                        ("d", "?") => {}
                        ("d", v) if who == p + 1 => mine.push(v.parse::<u8>().unwrap()),
                        ("s", v) => rows[who - 1].push(v.parse::<u8>().unwrap()),
                        _ => {}
                    }
                }
                mine.sort_unstable();
                assert_eq!(plane(&obs, 0), mine, "dealt to player {p} so far");
                for (r, want) in rows.iter().enumerate() {
                    assert_eq!(&plane(&obs, 1 + r), want, "row {} dealt so far", r + 1);
                }
                dealing += 1;
            } else if let Some(hand) = g.hand() {
                assert_eq!(plane(&obs, 0), values(hand.hand(p)), "the player's hand");
                for (r, row) in hand.table().rows().iter().enumerate() {
                    assert_eq!(plane(&obs, 1 + r), values(row.cards()), "row {}", r + 1);
                }
                let taken = (0..n).fold(CardSet::EMPTY, |s, q| s | hand.taken(q));
                assert_eq!(plane(&obs, 5), values(taken), "every card taken");
                assert_eq!(plane(&obs, 6), values(hand.pending()), "revealed, not placed");
                let mine: Vec<u8> = g.choice(p).map(Card::value).into_iter().collect();
                assert_eq!(plane(&obs, 7), mine, "the player's choice");
                let picks = hand.row_choice().is_some_and(|c| c.player == p);
                let all: Vec<u8> = if picks { (1..=W as u8).collect() } else { Vec::new() };
                assert_eq!(plane(&obs, 8), all, "the row-choice plane");
                // The last plane: earlier hands' heads, this hand's, the hands before.
                let last = &info[(11 + h * (n + 1)) * W..];
                let scores = g.scores();
                for q in 0..n {
                    let now: u32 = hand.taken(q).into_iter().map(|c| u32::from(c.heads())).sum();
                    assert_eq!(last[10 + q], now as f32, "player {q}'s heads this hand");
                    let before = if mode == Mode::Match { scores[q] - now } else { 0 };
                    assert_eq!(last[q], before as f32, "player {q}'s heads in earlier hands");
                }
                assert_eq!(last[20], (g.hands_dealt() - 1) as f32, "the hands before");
                let memory = memory_from_string(&g.information_state_string(p), p, n, h);
                for (k, want) in memory.iter().enumerate() {
                    assert_eq!(&plane(&info, 9 + k), want, "plane {} of player {p}", 9 + k);
                }
                checked += 1;
            }
        }
        if g.is_chance_node() {
            let outcomes = g.chance_from_seed(seed);
            g.apply(outcomes[0]);
        } else {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let legal = g.legal_actions();
            g.apply(legal[(x % legal.len() as u64) as usize]);
        }
        steps += 1;
    }
    assert!(dealing > 0, "states checked while dealing");
    (checked, g.hands_dealt())
}

#[test]
fn the_tensors_read_back_at_every_step() {
    for seed in 0..6 {
        let (checked, _) = check_game(Mode::Hand, 4, seed);
        assert!(checked >= 3 * 12, "every player at every play: {checked}");
    }
    // A match (of 10-card hands: with 4 a hand may end with no heads taken): the last plane
    // keeps the earlier hands' heads and counts them.
    let (_, hands) = check_game(Mode::Match, 10, 1);
    assert!(hands >= 3, "{hands} hands");
}
