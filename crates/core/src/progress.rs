//! The words of a progress display, for long work ([`crate::drive`]): a rate rounded to what
//! a reader can take in ([`rate`]) and the time left shown only once it means something
//! ([`time_left`]).

use std::time::Duration;

/// A rate per second with three significant digits at most: `12346/s`, `12.3/s`, `1.23/s`;
/// `-/s` for a rate that is not a number.
pub fn rate(per_sec: f64) -> String {
    match per_sec {
        r if !r.is_finite() => "-/s".to_owned(),
        r if r >= 100.0 => format!("{r:.0}/s"),
        r if r >= 10.0 => format!("{r:.1}/s"),
        r => format!("{r:.2}/s"),
    }
}

/// `eta 1m 05s` for `eta` left, `pos` steps of `len` done in `elapsed`; `eta ...` while the
/// estimate would be a guess (under 2 s, or under 2% done).
pub fn time_left(pos: u64, len: Option<u64>, elapsed: Duration, eta: Duration) -> String {
    let len = len.unwrap_or(0);
    if elapsed.as_secs_f64() < 2.0 || pos.saturating_mul(50) < len {
        return "eta ...".to_owned();
    }
    let s = eta.as_secs();
    match s {
        0..60 => format!("eta {s}s"),
        60..3600 => format!("eta {}m {:02}s", s / 60, s % 60),
        _ => format!("eta {}h {:02}m", s / 3600, s / 60 % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_are_rounded_to_three_digits() {
        assert_eq!(rate(12345.678), "12346/s");
        assert_eq!(rate(123.4), "123/s");
        assert_eq!(rate(100.0), "100/s");
        assert_eq!(rate(12.345), "12.3/s");
        assert_eq!(rate(10.0), "10.0/s");
        assert_eq!(rate(1.2345), "1.23/s");
        assert_eq!(rate(0.0), "0.00/s");
        assert_eq!(rate(f64::INFINITY), "-/s");
        assert_eq!(rate(f64::NAN), "-/s");
    }

    #[test]
    fn time_left_waits_for_a_meaningful_rate() {
        let s = Duration::from_secs;
        // Too early (under 2 s, or under 2% done): no estimate.
        assert_eq!(time_left(1, Some(1000), s(10), s(9999)), "eta ...");
        assert_eq!(time_left(500, Some(1000), s(1), s(1)), "eta ...");
        assert_eq!(time_left(500, Some(1000), Duration::from_millis(1999), s(1)), "eta ...");
        assert_eq!(time_left(20, Some(1000), s(2), s(147)), "eta 2m 27s");
        assert_eq!(time_left(20, None, s(3), s(59)), "eta 59s");
        assert_eq!(time_left(500, Some(1000), s(3), s(3)), "eta 3s");
        assert_eq!(time_left(500, Some(1000), s(3), s(60)), "eta 1m 00s");
        assert_eq!(time_left(500, Some(1000), s(3), s(3599)), "eta 59m 59s");
        assert_eq!(time_left(500, Some(1000), s(3), s(3600)), "eta 1h 00m");
        assert_eq!(time_left(500, Some(1000), s(3), s(7322)), "eta 2h 02m");
    }
}
