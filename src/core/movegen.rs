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

const NOT_FILE_A: Bitboard = !file_bb(0);
const NOT_FILE_H: Bitboard = !file_bb(7);

impl Position {
    /// All legal moves of the side to move, appended to `list` (which is cleared first).
    #[inline]
    pub fn legal_moves(&self, list: &mut MoveList) {
        list.retain(|_| false);
        self.generate(list, !0);
    }

    /// Legal moves whose origin square is in `from_mask` (e.g. one square, for click-to-move).
    pub fn legal_moves_from(&self, from_mask: Bitboard, list: &mut MoveList) {
        list.retain(|_| false);
        self.generate(list, from_mask);
    }

    /// Whether `m` is a legal move in this position.
    pub fn is_legal(&self, m: Move) -> bool {
        let mut list = MoveList::new();
        self.legal_moves_from(m.from().bb(), &mut list);
        list.contains(m)
    }

    #[inline(always)]
    fn generate(&self, list: &mut MoveList, from_mask: Bitboard) {
        let us = self.turn;
        let them = us.other();
        let ksq = self.king(us);
        let occ = self.occupied();
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let checkers = self.attackers_to(ksq, them, occ);

        // King moves: to squares not attacked once the king has left its square.
        if from_mask & ksq.bb() != 0 {
            let occ_wo_king = occ ^ ksq.bb();
            for to in Squares(king_attacks(ksq) & !ours) {
                if !self.is_attacked(to, them, occ_wo_king) {
                    list.push(Move::normal(ksq, to));
                }
            }
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
            for to in Squares(knight_attacks(from) & target) {
                list.push(Move::normal(from, to));
            }
        }
        // Sliders.
        let queens = self.by_role[Role::Queen.index()];
        for from in Squares((self.by_role[Role::Bishop.index()] | queens) & movable) {
            let mut t = bishop_attacks(from, occ) & target;
            if pinned & from.bb() != 0 {
                t &= line(ksq, from);
            }
            for to in Squares(t) {
                list.push(Move::normal(from, to));
            }
        }
        for from in Squares((self.by_role[Role::Rook.index()] | queens) & movable) {
            let mut t = rook_attacks(from, occ) & target;
            if pinned & from.bb() != 0 {
                t &= line(ksq, from);
            }
            for to in Squares(t) {
                list.push(Move::normal(from, to));
            }
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
                    list.push(Move::en_passant(from, ep));
                }
            }
        }

        // Castling.
        if checkers == 0 && from_mask & ksq.bb() != 0 {
            for side in [KING_SIDE, QUEEN_SIDE] {
                if let Some(rook) = self.castling.rook(us, side) {
                    if self.castling_is_legal(ksq, rook, side) {
                        list.push(Move::castling(ksq, rook));
                    }
                }
            }
        }
    }

    /// Pawn pushes, double pushes, captures and promotions for the pawns in `pawns`, with
    /// destinations restricted to `mask` (check mask, and pin line for a pinned pawn).
    #[inline(always)]
    fn pawn_moves(&self, list: &mut MoveList, pawns: Bitboard, mask: Bitboard, occ: Bitboard, theirs: Bitboard) {
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

        let from_of = |to: Square, delta: i32| Square::from_u8((to.index() as i32 - delta) as u8);
        for to in Squares(single & !last_rank) {
            list.push(Move::normal(from_of(to, up), to));
        }
        for to in Squares(double) {
            list.push(Move::normal(from_of(to, 2 * up), to));
        }
        for to in Squares(left & !last_rank) {
            list.push(Move::normal(from_of(to, up - 1), to));
        }
        for to in Squares(right & !last_rank) {
            list.push(Move::normal(from_of(to, up + 1), to));
        }
        let promos = (single | left | right) & last_rank;
        if promos != 0 {
            for (set, delta) in [(single, up), (left, up - 1), (right, up + 1)] {
                for to in Squares(set & last_rank) {
                    let from = from_of(to, delta);
                    for role in [Role::Queen, Role::Knight, Role::Rook, Role::Bishop] {
                        list.push(Move::promotion(from, to, role));
                    }
                }
            }
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

    /// Castling (standard and Chess960): every square the king and rook pass over or land on
    /// is empty (but for the two of them), and no square on the king's way, from its square to
    /// its destination, is attacked. Attacks are judged with king and rook lifted off the
    /// board, which also catches a rook that was shielding the king's destination.
    #[inline(never)]
    fn castling_is_legal(&self, ksq: Square, rook: Square, side: usize) -> bool {
        let us = self.turn;
        let (kdest, rdest) = Position::castling_destinations(us, side);
        let movers = ksq.bb() | rook.bb();
        let need_empty = (between(ksq, kdest) | kdest.bb() | between(rook, rdest) | rdest.bb()) & !movers;
        let occ = self.occupied();
        if occ & need_empty != 0 {
            return false;
        }
        let occ_wo = occ ^ movers;
        for sq in Squares(between(ksq, kdest) | kdest.bb()) {
            if self.is_attacked(sq, us.other(), occ_wo) {
                return false;
            }
        }
        true
    }
}
