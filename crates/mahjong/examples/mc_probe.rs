use std::time::Instant;
use tabletop_core::{Game, seeded_rng, sub_seed};
use tabletop_mahjong::Mahjong;

fn main() {
    // positions: a few decisions into random games
    let mut positions = vec![];
    for i in 0..50u64 {
        let mut g = Mahjong::new(&Default::default()).unwrap();
        g.apply_chance_from_seed(sub_seed(5, i));
        for _ in 0..(i % 40) { if g.is_terminal() { break; } g.apply(g.bot_action("rules", 0)); }
        if !g.is_terminal() { positions.push(g); }
    }
    let mut rng = seeded_rng(1);
    let t = Instant::now();
    let mut n = 0;
    for g in &positions { for _ in 0..20 { let p = g.current_player().unwrap(); let _ = g.resample_from_infostate(p, &mut rng); n += 1; } }
    println!("resample: {:.1} us", t.elapsed().as_secs_f64() * 1e6 / n as f64);
    for (label, selfbot) in [("rules", "rules"), ("nn", "nn")] {
        let t = Instant::now();
        let mut n = 0; let mut steps = 0;
        for g in &positions { for _ in 0..10 {
            let me = g.current_player().unwrap();
            let mut h = g.resample_from_infostate(me, &mut rng);
            while !h.is_terminal() { let b = if h.current_player() == Some(me) { selfbot } else { "rules" }; h.apply(h.bot_action(b, 0)); steps += 1; }
            n += 1; } }
        println!("resample+playout self={label}: {:.1} us, {:.1} steps", t.elapsed().as_secs_f64() * 1e6 / n as f64, steps as f64 / n as f64);
    }
}
