//! Set operators for bitset newtypes.

/// Implements `|`, `|=`, `&`, `&=`, `-` (difference) and `-=` for a newtype `Set(int)` whose
/// bits are the members of the set.
///
/// ```
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// pub struct Set(u64);
/// tabletop_core::impl_set_ops!(Set);
///
/// assert_eq!(Set(0b0110) | Set(0b0011), Set(0b0111));
/// assert_eq!(Set(0b0110) & Set(0b0011), Set(0b0010));
/// assert_eq!(Set(0b0110) - Set(0b0011), Set(0b0100));
/// ```
#[macro_export]
macro_rules! impl_set_ops {
    ($set:ident) => {
        impl ::std::ops::BitOr for $set {
            type Output = $set;
            fn bitor(self, rhs: $set) -> $set {
                $set(self.0 | rhs.0)
            }
        }

        impl ::std::ops::BitOrAssign for $set {
            fn bitor_assign(&mut self, rhs: $set) {
                self.0 |= rhs.0;
            }
        }

        impl ::std::ops::BitAnd for $set {
            type Output = $set;
            fn bitand(self, rhs: $set) -> $set {
                $set(self.0 & rhs.0)
            }
        }

        impl ::std::ops::BitAndAssign for $set {
            fn bitand_assign(&mut self, rhs: $set) {
                self.0 &= rhs.0;
            }
        }

        impl ::std::ops::Sub for $set {
            type Output = $set;
            fn sub(self, rhs: $set) -> $set {
                $set(self.0 & !rhs.0)
            }
        }

        impl ::std::ops::SubAssign for $set {
            fn sub_assign(&mut self, rhs: $set) {
                self.0 &= !rhs.0;
            }
        }
    };
}

/// Writes the items separated by single spaces (the notation of hands and card sets).
pub fn write_spaced<T: std::fmt::Display>(
    f: &mut std::fmt::Formatter<'_>,
    items: impl IntoIterator<Item = T>,
) -> std::fmt::Result {
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::fmt;

    struct Spaced(Vec<u32>);

    impl fmt::Display for Spaced {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            super::write_spaced(f, &self.0)
        }
    }

    #[test]
    fn items_are_separated_by_single_spaces() {
        assert_eq!(Spaced(vec![]).to_string(), "");
        assert_eq!(Spaced(vec![7]).to_string(), "7");
        assert_eq!(Spaced(vec![1, 22, 333]).to_string(), "1 22 333");
    }
}
