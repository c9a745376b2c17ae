//! Legal move generation, directly (not generate-then-test): checkers, check mask, pinned
//! pieces restricted to their pin line, king moves to unattacked squares, en passant verified
//! against the horizontal/diagonal discovered-check cases, castling through unattacked squares
//! (standard and Chess960). Writes into a fixed-capacity [`MoveList`]; no heap allocation.

use super::attacks::*;
use super::position::{Position, KING_SIDE, QUEEN_SIDE};
use super::types::*;

/// Shifts a bitboard one rank towards the opponent of `color` (white: up).
#[inline(always)]
fn forward(color: Color, bb: Bitboard) -> Bitboard {
    match color {
        Color::White => bb << 8,
        Color::Black => bb >> 8,
    }
}

/// Where generated moves go: a [`MoveList`], or a counter for bulk counting at perft leaves
/// (which adds popcounts of target sets instead of writing moves).
pub(crate) trait MoveSink {
    /// Moves from `from` to each square of `targets` (normal moves).
    fn targets(&mut self, from: Square, targets: Bitboard);
    /// Pawn moves (non-promotions) to each square of `set`, from `to - delta`.
    fn pawn_set(&mut self, set: Bitboard, delta: i32);
    /// Promotions (four each) to each square of `set`, from `to - delta`.
    fn promotion_set(&mut self, set: Bitboard, delta: i32);
    /// One special move (en passant, castling, a king move).
    fn one(&mut self, m: Move);
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn targets(&mut self, from: Square, targets: Bitboard) {
        for to in Squares(targets) {
            self.push(Move::normal(from, to));
        }
    }
    #[inline(always)]
    fn pawn_set(&mut self, set: Bitboard, delta: i32) {
        for to in Squares(set) {
            self.push(Move::normal(Square::from_u8((to.index() as i32 - delta) as u8), to));
        }
    }
    #[inline(always)]
    fn promotion_set(&mut self, set: Bitboard, delta: i32) {
        for to in Squares(set) {
            let from = Square::from_u8((to.index() as i32 - delta) as u8);
            for role in [Role::Queen, Role::Knight, Role::Rook, Role::Bishop] {
                self.push(Move::promotion(from, to, role));
            }
        }
    }
    #[inline(always)]
    fn one(&mut self, m: Move) {
        self.push(m);
    }
}

/// Counts moves without writing them.
#[derive(Default)]
pub(crate) struct MoveCounter(pub(crate) u64);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn targets(&mut self, _from: Square, targets: Bitboard) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn pawn_set(&mut self, set: Bitboard, _delta: i32) {
        self.0 += set.count_ones() as u64;
    }
    #[inline(always)]
    fn promotion_set(&mut self, set: Bitboard, _delta: i32) {
        self.0 += 4 * set.count_ones() as u64;
    }
    #[inline(always)]
    fn one(&mut self, _m: Move) {
        self.0 += 1;
    }
}

const NOT_FILE_A: Bitboard = !file_bb(0);
const NOT_FILE_H: Bitboard = !file_bb(7);

impl Position {
    /// All legal moves of the side to move, appended to `list` (which is cleared first).
    #[inline(always)]
    pub fn legal_moves(&self, list: &mut MoveList) {
        list.retain(|_| false);
        self.generate(list, !0);
    }

    /// Legal moves whose origin square is in `from_mask` (e.g. one square, for click-to-move).
    pub fn legal_moves_from(&self, from_mask: Bitboard, list: &mut MoveList) {
        list.retain(|_| false);
        self.generate(list, from_mask);
    }

    /// Number of legal moves (without writing them; perft's bulk count).
    #[inline(always)]
    pub fn count_legal_moves(&self) -> u64 {
        let mut c = MoveCounter(0);
        self.generate(&mut c, !0);
        c.0
    }

    /// Whether `m` is a legal move in this position.
    pub fn is_legal(&self, m: Move) -> bool {
        let mut list = MoveList::new();
        self.legal_moves_from(m.from().bb(), &mut list);
        list.contains(m)
    }

    #[inline(always)]
    pub(crate) fn generate<S: MoveSink>(&self, list: &mut S, from_mask: Bitboard) {
        let us = self.turn;
        let them = us.other();
        let ksq = self.king(us);
        let occ = self.occupied();
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let checkers = self.attackers_to(ksq, them, occ);

        // King moves: to squares not attacked once the king has left its square.
        // The opponent's attack map is computed at most once, and only when needed.
        let wants_king = from_mask & ksq.bb() != 0;
        let king_targets = king_attacks(ksq) & !ours;
        let mut danger = None;
        if wants_king && king_targets != 0 {
            let d = self.attacked_squares(them, occ ^ ksq.bb());
            list.targets(ksq, king_targets & !d);
            danger = Some(d);
        }
        if more_than_one(checkers) {
            return;
        }
        let check_mask = if checkers == 0 { !0 } else { between(ksq, lsb(checkers)) | checkers };
        let pinned = self.pinned(us);
        // A pinned piece can never answer a check.
        let movable = if checkers == 0 { ours & from_mask } else { ours & !pinned & from_mask };
        let target = !ours & check_mask;

        // Knights (a pinned knight never moves).
        for from in Squares(self.by_role[Role::Knight.index()] & movable & !pinned) {
            list.targets(from, knight_attacks(from) & target);
        }
        // Sliders.
        let queens = self.by_role[Role::Queen.index()];
        for from in Squares((self.by_role[Role::Bishop.index()] | queens) & movable) {
            let mut t = bishop_attacks(from, occ) & target;
            if pinned & from.bb() != 0 {
                t &= line(ksq, from);
            }
            list.targets(from, t);
        }
        for from in Squares((self.by_role[Role::Rook.index()] | queens) & movable) {
            let mut t = rook_attacks(from, occ) & target;
            if pinned & from.bb() != 0 {
                t &= line(ksq, from);
            }
            list.targets(from, t);
        }

        // Pawns.
        let pawns = self.by_role[Role::Pawn.index()] & movable;
        self.pawn_moves(list, pawns & !pinned, check_mask, occ, theirs);
        for from in Squares(pawns & pinned) {
            let pin_line = line(ksq, from);
            self.pawn_moves(list, from.bb(), check_mask & pin_line, occ, theirs);
        }
        if let Some(ep) = self.ep_square {
            for from in Squares(pawn_attacks(them, ep) & self.by_role[Role::Pawn.index()] & ours & from_mask) {
                if self.en_passant_is_legal(from, ep, ksq) {
                    list.one(Move::en_passant(from, ep));
                }
            }
        }

        // Castling.
        if checkers == 0 && from_mask & ksq.bb() != 0 {
            for side in [KING_SIDE, QUEEN_SIDE] {
                if let Some(rook) = self.castling.rook(us, side) {
                    if self.castling_path_empty(ksq, rook, side) {
                        let d = *danger.get_or_insert_with(|| self.attacked_squares(them, occ ^ ksq.bb()));
                        if self.castling_is_safe(ksq, rook, side, d) {
                            list.one(Move::castling(ksq, rook));
                        }
                    }
                }
            }
        }
    }

    /// Pawn pushes, double pushes, captures and promotions for the pawns in `pawns`, with
    /// destinations restricted to `mask` (check mask, and pin line for a pinned pawn).
    #[inline(always)]
    fn pawn_moves<S: MoveSink>(&self, list: &mut S, pawns: Bitboard, mask: Bitboard, occ: Bitboard, theirs: Bitboard) {
        if pawns == 0 {
            return;
        }
        let us = self.turn;
        let (last_rank, third_rank, up): (Bitboard, Bitboard, i32) = match us {
            Color::White => (rank_bb(7), rank_bb(2), 8),
            Color::Black => (rank_bb(0), rank_bb(5), -8),
        };
        let empty = !occ;
        let single = forward(us, pawns) & empty;
        let double = forward(us, single & third_rank) & empty & mask;
        let single = single & mask;
        let left = forward(us, pawns & NOT_FILE_A) >> 1 & theirs & mask;
        let right = forward(us, pawns & NOT_FILE_H) << 1 & theirs & mask;

        list.pawn_set(single & !last_rank, up);
        list.pawn_set(double, 2 * up);
        list.pawn_set(left & !last_rank, up - 1);
        list.pawn_set(right & !last_rank, up + 1);
        if (single | left | right) & last_rank != 0 {
            list.promotion_set(single & last_rank, up);
            list.promotion_set(left & last_rank, up - 1);
            list.promotion_set(right & last_rank, up + 1);
        }
    }

    /// En passant is verified by looking at the king's lines after the capture: it removes two
    /// pawns from one rank (the horizontal pin case) and may expose the king diagonally.
    #[inline(never)]
    fn en_passant_is_legal(&self, from: Square, ep: Square, ksq: Square) -> bool {
        let us = self.turn;
        let them = us.other();
        let captured = Square::from_coords(ep.file(), from.rank());
        let occ = (self.occupied() ^ from.bb() ^ captured.bb()) | ep.bb();
        let theirs = self.by_color[them.index()] & !captured.bb();
        let queens = self.by_role[Role::Queen.index()];
        let rooks = (self.by_role[Role::Rook.index()] | queens) & theirs;
        let bishops = (self.by_role[Role::Bishop.index()] | queens) & theirs;
        rook_attacks(ksq, occ) & rooks == 0
            && bishop_attacks(ksq, occ) & bishops == 0
            && knight_attacks(ksq) & self.by_role[Role::Knight.index()] & theirs == 0
            && pawn_attacks(us, ksq) & self.by_role[Role::Pawn.index()] & theirs == 0
    }

    /// Every square `color` attacks given the occupancy `occ` (the side to move's king is lifted
    /// off by the caller, so squares behind it along a checking line count as attacked).
    #[inline(always)]
    fn attacked_squares(&self, color: Color, occ: Bitboard) -> Bitboard {
        let theirs = self.by_color[color.index()];
        let pawns = self.by_role[Role::Pawn.index()] & theirs;
        let mut att = match color {
            Color::White => ((pawns & NOT_FILE_A) << 7) | ((pawns & NOT_FILE_H) << 9),
            Color::Black => ((pawns & NOT_FILE_A) >> 9) | ((pawns & NOT_FILE_H) >> 7),
        };
        for sq in Squares(self.by_role[Role::Knight.index()] & theirs) {
            att |= knight_attacks(sq);
        }
        let queens = self.by_role[Role::Queen.index()];
        for sq in Squares((self.by_role[Role::Bishop.index()] | queens) & theirs) {
            att |= bishop_attacks(sq, occ);
        }
        for sq in Squares((self.by_role[Role::Rook.index()] | queens) & theirs) {
            att |= rook_attacks(sq, occ);
        }
        att | king_attacks(self.king(color))
    }

    /// Castling (standard and Chess960), part 1: every square the king and rook pass over or
    /// land on is empty but for the two of them.
    #[inline(always)]
    fn castling_path_empty(&self, ksq: Square, rook: Square, side: usize) -> bool {
        let (kdest, rdest) = Position::castling_destinations(self.turn, side);
        let movers = ksq.bb() | rook.bb();
        let need_empty = (between(ksq, kdest) | kdest.bb() | between(rook, rdest) | rdest.bb()) & !movers;
        self.occupied() & need_empty == 0
    }

    /// Castling, part 2: no square on the king's way, from its square to its destination, is
    /// attacked (`danger`: the opponent's attacks with our king lifted). In Chess960 the
    /// castling rook may shield the king's destination along the back rank (rook b1, enemy
    /// queen a1, king castling to c1), so the destination is also checked against rooks and
    /// queens with king and rook lifted off.
    #[inline(never)]
    fn castling_is_safe(&self, ksq: Square, rook: Square, side: usize, danger: Bitboard) -> bool {
        let us = self.turn;
        let (kdest, _) = Position::castling_destinations(us, side);
        if (between(ksq, kdest) | kdest.bb()) & danger != 0 {
            return false;
        }
        let them = self.by_color[us.other().index()];
        let rooks = (self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()]) & them;
        rook_attacks(kdest, self.occupied() ^ ksq.bb() ^ rook.bb()) & rooks == 0
    }
}
