//! Playing cards for alien wounds: packs, dealing ten to each alien, the reserve pack, card effects.

use crate::rules::dice::DiceService;
use ambush_data::tables::CardEffect;
use ambush_data::tables::CardTable;
use ambush_data::tables::Suit;
use serde::{Deserialize, Serialize};

/// One playing card. `rank` 1 is the Ace, 11–13 Jack, Queen, King; a joker has no suit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Card {
    pub rank: u8,
    pub suit: Option<Suit>,
    /// Which pack it came from, so no card can be lost or duplicated unnoticed.
    pub pack: u32,
}

impl Card {
    pub fn is_joker(&self) -> bool {
        self.suit.is_none()
    }
    pub fn is_red(&self) -> bool {
        self.suit.is_some_and(Suit::is_red)
    }
    /// Short name: `"QH"`, `"10S"`, `"AD"`, `"JK"`.
    pub fn code(&self) -> String {
        let Some(suit) = self.suit else {
            return "JK".to_string();
        };
        let rank = match self.rank {
            1 => "A".to_string(),
            11 => "J".to_string(),
            12 => "Q".to_string(),
            13 => "K".to_string(),
            n => n.to_string(),
        };
        let s = match suit {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        };
        format!("{rank}{s}")
    }
    /// The card as a player reads it: `"Q♥"`.
    pub fn pretty(&self) -> String {
        let code = self.code();
        match self.suit {
            None => "Joker".to_string(),
            Some(suit) => {
                let sym = match suit {
                    Suit::Clubs => '♣',
                    Suit::Diamonds => '♦',
                    Suit::Hearts => '♥',
                    Suit::Spades => '♠',
                };
                format!("{}{sym}", &code[..code.len() - 1])
            }
        }
    }
}

/// A fresh pack: 52 cards plus the table's jokers, in order.
pub fn new_pack(pack: u32, jokers: u32) -> Vec<Card> {
    let mut cards = Vec::with_capacity(52 + jokers as usize);
    for suit in Suit::ALL {
        for rank in 1..=13 {
            cards.push(Card {
                rank,
                suit: Some(suit),
                pack,
            });
        }
    }
    for _ in 0..jokers {
        cards.push(Card {
            rank: 0,
            suit: None,
            pack,
        });
    }
    cards
}

/// The normal effect of a card (001's card table).
pub fn card_effect(card: &Card, table: &CardTable) -> CardEffect {
    match card.suit {
        None => table.joker,
        Some(_) if card.rank == 1 || card.rank >= 11 => table.ace_and_court,
        Some(suit) => table
            .pips
            .get(&suit)
            .copied()
            .unwrap_or(CardEffect::NoEffect),
    }
}

/// The effect of a card turned for an alien held at the table edge by a red-card fall back.
pub fn edge_card_effect(card: &Card, table: &CardTable) -> CardEffect {
    if !card.is_joker() && table.edge_ranks.contains(&(card.rank as u32)) {
        if card.is_red() {
            table.edge_red
        } else {
            table.edge_black
        }
    } else {
        card_effect(card, table)
    }
}

/// An alien's face-down pile and the cards turned from it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Stack {
    /// Face down; the top card is the last element.
    pub face_down: Vec<Card>,
    pub turned: Vec<Card>,
}

impl Stack {
    pub fn total(&self) -> usize {
        self.face_down.len() + self.turned.len()
    }
}

/// The reserve pack shared by the whole game, and the cards out of play.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CardLedger {
    /// Draw pile of the current reserve pack; the top card is the last element.
    pub reserve: Vec<Card>,
    /// Packs opened so far (wave packs and reserve packs), so ids stay unique.
    pub packs_opened: u32,
    /// The unseen cards left after dealing a wave ("the last four cards ... remain face down").
    pub unseen: Vec<Card>,
    /// Face-down cards discarded unseen when their alien was killed.
    pub discarded: Vec<Card>,
}

impl CardLedger {
    /// Opens a fresh shuffled pack.
    pub fn open_pack(&mut self, dice: &mut DiceService, table: &CardTable) -> Vec<Card> {
        self.packs_opened += 1;
        let mut pack = new_pack(self.packs_opened, table.jokers_per_pack);
        dice.shuffle(&mut pack);
        pack
    }

    /// Deals `count` stacks of the table's size: "One pack of playing cards ... per wave of
    /// attackers", and waves are `per_pack` strong, so every `per_pack` aliens open a fresh pack
    /// and the cards left in each stay unseen ("the last four cards ... remain face down unseen").
    pub fn deal_wave(
        &mut self,
        count: usize,
        per_pack: usize,
        dice: &mut DiceService,
        table: &CardTable,
    ) -> Vec<Stack> {
        let per = table.cards_per_alien as usize;
        let mut stacks = Vec::with_capacity(count);
        let mut left = count;
        while left > 0 {
            let here = left.min(per_pack.max(1));
            let mut pack = self.open_pack(dice, table);
            for _ in 0..here {
                let take = per.min(pack.len());
                let face_down = pack.split_off(pack.len() - take);
                stacks.push(Stack {
                    face_down,
                    turned: Vec::new(),
                });
            }
            self.unseen.append(&mut pack);
            left -= here;
        }
        stacks
    }

    /// Deals a fresh stack from the reserve pack, opening new reserve packs as they run out.
    pub fn redeal(&mut self, stack: &mut Stack, dice: &mut DiceService, table: &CardTable) {
        let mut need = table.cards_per_alien as usize;
        while need > 0 {
            if self.reserve.is_empty() {
                self.reserve = self.open_pack(dice, table);
            }
            let take = need.min(self.reserve.len());
            let mut cards = self.reserve.split_off(self.reserve.len() - take);
            cards.append(&mut stack.face_down);
            stack.face_down = cards;
            need -= take;
        }
    }

    /// Discards a killed alien's face-down cards unseen.
    pub fn discard_unseen(&mut self, stack: &mut Stack) {
        self.discarded.append(&mut stack.face_down);
    }
}

/// Turns the top card of a stack, re-dealing from the reserve first when it is exhausted
/// ("If all ten cards are turned up without a kill - deal ten more cards from the reserve Deck").
pub fn turn_card(
    stack: &mut Stack,
    ledger: &mut CardLedger,
    dice: &mut DiceService,
    table: &CardTable,
) -> Card {
    if stack.face_down.is_empty() {
        ledger.redeal(stack, dice, table);
    }
    // redeal always leaves at least one card when cards_per_alien > 0; guard anyway.
    let card = stack.face_down.pop().unwrap_or(Card {
        rank: 0,
        suit: None,
        pack: 0,
    });
    stack.turned.push(card);
    card
}

#[cfg(test)]
mod tests {
    use super::*;
    use ambush_data::Rules;

    fn c(rank: u8, suit: Suit) -> Card {
        Card {
            rank,
            suit: Some(suit),
            pack: 1,
        }
    }

    #[test]
    fn card_table_matches_rules_md() {
        // rules.md, "Alien wounds: the card stack": Joker withdraws, A/J/Q/K kill,
        // Hearts recoil, Diamonds fall back, Clubs stun, Spades shrug it off.
        let t = &Rules::bundled().cards;
        let joker = Card {
            rank: 0,
            suit: None,
            pack: 1,
        };
        assert_eq!(card_effect(&joker, t), CardEffect::WaveWithdraws);
        for r in [1, 11, 12, 13] {
            assert_eq!(card_effect(&c(r, Suit::Spades), t), CardEffect::Killed);
        }
        assert_eq!(card_effect(&c(5, Suit::Hearts), t), CardEffect::Recoils);
        assert_eq!(
            card_effect(&c(10, Suit::Diamonds), t),
            CardEffect::FallsBack
        );
        assert_eq!(card_effect(&c(2, Suit::Clubs), t), CardEffect::Stunned);
        assert_eq!(card_effect(&c(7, Suit::Spades), t), CardEffect::NoEffect);
    }

    #[test]
    fn edge_rule_reds_leave_blacks_stun() {
        // 001: "Any reds (1 - 2) mean that the unit leaves the table and will not return; any
        // blacks (1 - 2) are treated as movement phase Clubs; all other cards are treated as normal."
        let t = &Rules::bundled().cards;
        assert_eq!(
            edge_card_effect(&c(1, Suit::Hearts), t),
            CardEffect::LeavesTable
        );
        assert_eq!(
            edge_card_effect(&c(2, Suit::Diamonds), t),
            CardEffect::LeavesTable
        );
        assert_eq!(
            edge_card_effect(&c(1, Suit::Spades), t),
            CardEffect::Stunned
        );
        assert_eq!(edge_card_effect(&c(2, Suit::Clubs), t), CardEffect::Stunned);
        assert_eq!(
            edge_card_effect(&c(12, Suit::Hearts), t),
            CardEffect::Killed
        );
    }

    #[test]
    fn dealing_a_wave_leaves_four_unseen_and_redeal_uses_reserve() {
        // 001: "Each Alien is dealt ten card face down ... (the last four cards from the pack remain face down unseen)."
        let t = &Rules::bundled().cards;
        let mut dice = DiceService::seeded(1, 0);
        let mut ledger = CardLedger::default();
        let mut stacks = ledger.deal_wave(5, 5, &mut dice, t);
        assert!(stacks.iter().all(|s| s.face_down.len() == 10));
        assert_eq!(ledger.unseen.len(), 4);
        let s = &mut stacks[0];
        for _ in 0..10 {
            turn_card(s, &mut ledger, &mut dice, t);
        }
        assert!(s.face_down.is_empty());
        turn_card(s, &mut ledger, &mut dice, t);
        assert_eq!(s.face_down.len(), 9);
        assert_eq!(ledger.reserve.len(), 54 - 10);
        assert_eq!(c(12, Suit::Hearts).code(), "QH");
        assert_eq!(c(12, Suit::Hearts).pretty(), "Q♥");
        assert_eq!(c(10, Suit::Spades).code(), "10S");
    }

    #[test]
    fn six_ambushers_take_two_packs_and_every_pack_keeps_four_unseen() {
        // 001: "One pack of playing cards (including both jokers) per wave of attackers",
        // "Aliens are generated in waves of five", "the last four cards from the pack remain face
        // down unseen". Before, the sixth alien of an ambush got the pack's last four cards.
        let t = &Rules::bundled().cards;
        let mut dice = DiceService::seeded(1, 0);
        let mut ledger = CardLedger::default();
        let stacks = ledger.deal_wave(6, 5, &mut dice, t);
        assert_eq!(stacks.len(), 6);
        assert!(stacks.iter().all(|s| s.face_down.len() == 10));
        assert_eq!(ledger.packs_opened, 2);
        assert_eq!(ledger.unseen.len(), 4 + 44);
        assert!(stacks[5].face_down.iter().all(|c| c.pack == 2));
        // No aliens, no pack.
        let mut empty = CardLedger::default();
        assert!(empty.deal_wave(0, 5, &mut dice, t).is_empty());
        assert_eq!(empty.packs_opened, 0);
    }
}
