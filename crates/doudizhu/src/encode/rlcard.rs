//! RLCard's id of a play made under any rules ([`rlcard_play_id`]): RLCard plays the
//! `standard` rules, so a play of other rules has the id of its cards only where RLCard reads
//! those cards alike.

use crate::{Move, Rules, classify};

use super::rlcard_id;

/// RLCard's id of the play `m` made under `rules` (`None`: RLCard has no such action). Under
/// the `standard` rules every play has the id of its cards ([`rlcard_id`]); under other
/// rules the cards may read otherwise (a plane of 3 with a wing trio, where RLCard reads the
/// longer plane), and the id is the play's only when RLCard's reading is this one.
///
/// ```
/// use doudizhu::{Rules, classify, encode::rlcard_play_id};
/// let rocket = classify("BR".parse()?, &Rules::DOUZERO).unwrap().first();
/// assert_eq!(rlcard_play_id(&rocket, &Rules::DOUZERO), Some(27470));
/// let cards = "333444555666".parse()?;
/// for m in classify(cards, &Rules::OPENSPIEL).unwrap().iter() {
///     // RLCard reads these cards as one plane of four: the other reading has no id
///     let rlcards = m.kind() == doudizhu::Kind::Plane;
///     assert_eq!(rlcard_play_id(&m, &Rules::OPENSPIEL).is_some(), rlcards);
/// }
/// # Ok::<(), doudizhu::ParseError>(())
/// ```
#[inline]
#[must_use]
pub fn rlcard_play_id(m: &Move, rules: &Rules) -> Option<u32> {
    let id = rlcard_id(m.cards())?;
    if *rules != Rules::STANDARD {
        let reading = classify(m.cards(), &Rules::STANDARD).ok()?.first();
        if reading != *m {
            return None;
        }
    }
    Some(id)
}
