//! A seat's decision: [`Action`].

use std::fmt;

use super::Seat;

/// An action in the draw phase: the seat that acts, and whether it draws.
///
/// ```
/// use kabu::{Action, Seat};
/// assert_eq!(Action::draw(Seat::Field1).to_string(), "field 1 draws");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// The seat.
    pub seat: Seat,
    /// Draw one third card (else stand).
    pub draw: bool,
}

impl Action {
    /// `seat` draws.
    ///
    /// ```
    /// assert!(kabu::Action::draw(kabu::Seat::Dealer).draw);
    /// ```
    #[must_use]
    pub const fn draw(seat: Seat) -> Action {
        Action { seat, draw: true }
    }

    /// `seat` stands.
    ///
    /// ```
    /// assert!(!kabu::Action::stand(kabu::Seat::Dealer).draw);
    /// ```
    #[must_use]
    pub const fn stand(seat: Seat) -> Action {
        Action { seat, draw: false }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}",
            self.seat,
            if self.draw { "draws" } else { "stands" }
        )
    }
}
