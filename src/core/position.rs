//! [`Position`]: the board, side to move, castling rights, en passant square, clocks and an
//! incrementally updated Zobrist key; make/unmake with compact [`Undo`] records.

use super::attacks::*;
use super::types::*;
use super::zobrist;

/// King side (short castling, the rook on the king's h-file side).
pub const KING_SIDE: usize = 0;
/// Queen side (long castling, the rook on the king's a-file side).
pub const QUEEN_SIDE: usize = 1;

/// Castling rights, stored as the castling rooks' squares so that Chess960 needs no special
/// case: `rooks[color][side]` is the square of the rook that may still castle on `side`
/// ([`KING_SIDE`] or [`QUEEN_SIDE`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights {
    rooks: [[Option<Square>; 2]; 2],
}

impl CastlingRights {
    /// No castling rights.
    pub const NONE: CastlingRights = CastlingRights { rooks: [[None; 2]; 2] };

    /// The rook square of `color`'s right on `side`, if the right exists.
    #[inline(always)]
    pub fn rook(&self, color: Color, side: usize) -> Option<Square> {
        self.rooks[color.index()][side & 1]
    }

    /// Bitboard of all rook squares that carry a right.
    pub fn rooks_bb(&self) -> Bitboard {
        let mut bb = 0;
        for c in 0..2 {
            for s in 0..2 {
                if let Some(sq) = self.rooks[c][s] {
                    bb |= sq.bb();
                }
            }
        }
        bb
    }

    /// Whether no right is left.
    pub fn is_empty(&self) -> bool {
        self.rooks_bb() == 0
    }

    pub(crate) fn set(&mut self, color: Color, side: usize, rook: Option<Square>) {
        self.rooks[color.index()][side & 1] = rook;
    }

    /// XOR of the Polyglot castling keys of the rights present.
    fn key(&self) -> u64 {
        let mut k = 0;
        for c in Color::ALL {
            for s in 0..2 {
                if self.rooks[c.index()][s].is_some() {
                    k ^= zobrist::castling_key(c, s);
                }
            }
        }
        k
    }
}

/// What [`Position::make_move`] records so [`Position::unmake_move`] can restore the position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Undo {
    captured: Option<Piece>,
    castling: CastlingRights,
    castling_mask: Bitboard,
    ep_square: Option<Square>,
    halfmove_clock: u32,
    key: u64,
}

/// A chess position. Cheap to copy (about 250 bytes, no heap).
///
/// The en passant square is stored after every double push (as in FEN); the Zobrist key counts
/// it only when a pawn of the side to move attacks it (Polyglot's rule). Whether an en passant
/// capture is legal is decided by move generation.
#[derive(Copy, Clone, Debug)]
pub struct Position {
    pub(crate) board: [Option<Piece>; 64],
    pub(crate) by_role: [Bitboard; 6],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
    /// Squares whose move-from or move-to removes a castling right (rooks with rights + kings).
    pub(crate) castling_mask: Bitboard,
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
    pub(crate) key: u64,
    pub(crate) chess960: bool,
}

impl PartialEq for Position {
    /// Positions are equal when all FEN fields agree (board, turn, castling rights, the stored
    /// en passant square, clocks) and they use the same castling mode.
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
            && self.turn == other.turn
            && self.castling == other.castling
            && self.ep_square == other.ep_square
            && self.halfmove_clock == other.halfmove_clock
            && self.fullmove_number == other.fullmove_number
            && self.chess960 == other.chess960
    }
}
impl Eq for Position {}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

impl Position {
    /// An empty board (no pieces at all), white to move; not a valid game position on its own.
    pub(crate) fn empty() -> Position {
        Position {
            board: [None; 64],
            by_role: [0; 6],
            by_color: [0; 2],
            turn: Color::White,
            castling: CastlingRights::NONE,
            castling_mask: 0,
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            key: zobrist::white_to_move_key(),
            chess960: false,
        }
    }

    /// The standard starting position.
    pub fn startpos() -> Position {
        let mut pos = Position::empty();
        let back = [Role::Rook, Role::Knight, Role::Bishop, Role::Queen, Role::King, Role::Bishop, Role::Knight, Role::Rook];
        for f in 0..8u8 {
            pos.put(Square::from_coords(f, 0), Piece { color: Color::White, role: back[f as usize] });
            pos.put(Square::from_coords(f, 1), Piece { color: Color::White, role: Role::Pawn });
            pos.put(Square::from_coords(f, 6), Piece { color: Color::Black, role: Role::Pawn });
            pos.put(Square::from_coords(f, 7), Piece { color: Color::Black, role: back[f as usize] });
        }
        let mut rights = CastlingRights::NONE;
        rights.set(Color::White, KING_SIDE, Some(Square::from_coords(7, 0)));
        rights.set(Color::White, QUEEN_SIDE, Some(Square::from_coords(0, 0)));
        rights.set(Color::Black, KING_SIDE, Some(Square::from_coords(7, 7)));
        rights.set(Color::Black, QUEEN_SIDE, Some(Square::from_coords(0, 7)));
        pos.set_castling(rights);
        pos
    }

    // ---- accessors -------------------------------------------------------------------------

    /// The piece on `sq`, if any.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Side to move.
    #[inline(always)]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Castling rights (as rook squares).
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The en passant square as FEN records it: the square a pawn just passed over with a
    /// double push, whether or not a capture is possible (see [`Position::legal_ep_square`]).
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Halfmove clock: plies since the last capture or pawn move (FIDE 9.3).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// Fullmove number: starts at 1, incremented after each black move.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Whether castling follows Chess960 rules (and X-FEN/Shredder-FEN notation).
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// The Zobrist key (Polyglot's Random64 table and rules).
    #[inline(always)]
    pub fn zobrist(&self) -> u64 {
        self.key
    }

    /// Bitboard of all pieces of `color`.
    #[inline(always)]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Bitboard of all pieces of `role`, both colors.
    #[inline(always)]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// Bitboard of the pieces of `color` and `role`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// Bitboard of all occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The king square of `color` (a1 if that king is missing, which a validated position rules out).
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        lsb(self.pieces(color, Role::King))
    }

    // ---- attacks ---------------------------------------------------------------------------

    /// Pieces of `attacker` that attack `sq` given the occupancy `occupied`.
    #[inline(always)]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color[attacker.index()];
        let queens = self.by_role[Role::Queen.index()];
        (pawn_attacks(attacker.other(), sq) & self.by_role[Role::Pawn.index()]
            | knight_attacks(sq) & self.by_role[Role::Knight.index()]
            | king_attacks(sq) & self.by_role[Role::King.index()]
            | rook_attacks(sq, occupied) & (self.by_role[Role::Rook.index()] | queens)
            | bishop_attacks(sq, occupied) & (self.by_role[Role::Bishop.index()] | queens))
            & them
    }

    /// Whether `attacker` attacks `sq` given the occupancy `occupied`.
    #[inline(always)]
    pub fn is_attacked(&self, sq: Square, attacker: Color, occupied: Bitboard) -> bool {
        let them = self.by_color[attacker.index()];
        let queens = self.by_role[Role::Queen.index()];
        (knight_attacks(sq) & self.by_role[Role::Knight.index()] & them) != 0
            || (pawn_attacks(attacker.other(), sq) & self.by_role[Role::Pawn.index()] & them) != 0
            || (king_attacks(sq) & self.by_role[Role::King.index()] & them) != 0
            || (rook_attacks(sq, occupied) & (self.by_role[Role::Rook.index()] | queens) & them) != 0
            || (bishop_attacks(sq, occupied) & (self.by_role[Role::Bishop.index()] | queens) & them) != 0
    }

    /// Pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.attackers_to(self.king(self.turn), self.turn.other(), self.occupied())
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers() != 0
    }

    /// Pieces of `color` pinned to their own king by an enemy slider.
    #[inline(always)]
    pub fn pinned(&self, color: Color) -> Bitboard {
        let ksq = self.king(color);
        let them = color.other();
        let occ = self.occupied();
        let snipers = (rook_attacks(ksq, 0) & (self.pieces(them, Role::Rook) | self.pieces(them, Role::Queen)))
            | (bishop_attacks(ksq, 0) & (self.pieces(them, Role::Bishop) | self.pieces(them, Role::Queen)));
        let mut pinned = 0;
        for s in Squares(snipers) {
            let b = between(ksq, s) & occ;
            if b != 0 && !more_than_one(b) {
                pinned |= b & self.by_color[color.index()];
            }
        }
        pinned
    }

    // ---- piece placement -------------------------------------------------------------------

    #[inline(always)]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        self.board[sq.index()] = Some(piece);
        self.by_role[piece.role.index()] |= sq.bb();
        self.by_color[piece.color.index()] |= sq.bb();
        self.key ^= zobrist::piece_key(piece, sq);
    }

    #[inline(always)]
    pub(crate) fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.board[sq.index()]?;
        self.board[sq.index()] = None;
        self.by_role[piece.role.index()] &= !sq.bb();
        self.by_color[piece.color.index()] &= !sq.bb();
        self.key ^= zobrist::piece_key(piece, sq);
        Some(piece)
    }

    /// Replaces the castling rights, keeping the key and the castling mask in step.
    pub(crate) fn set_castling(&mut self, rights: CastlingRights) {
        self.key ^= self.castling.key() ^ rights.key();
        self.castling = rights;
        self.update_castling_mask();
    }

    fn update_castling_mask(&mut self) {
        let mut mask = self.castling.rooks_bb();
        for c in Color::ALL {
            if self.castling.rook(c, KING_SIDE).is_some() || self.castling.rook(c, QUEEN_SIDE).is_some() {
                mask |= self.pieces(c, Role::King);
            }
        }
        self.castling_mask = mask;
    }

    /// Whether a pawn of the side to move attacks `ep` (a pseudo-legal en passant capture;
    /// Polyglot's condition for keying the en passant file).
    #[inline(always)]
    pub(crate) fn ep_capturable(&self, ep: Square) -> bool {
        pawn_attacks(self.turn.other(), ep) & self.pieces(self.turn, Role::Pawn) != 0
    }

    /// Replaces the stored en passant square, keeping the key in step (call after the turn
    /// and pieces are set).
    pub(crate) fn set_ep_square(&mut self, ep: Option<Square>) {
        if let Some(old) = self.ep_square {
            if self.ep_capturable(old) {
                self.key ^= zobrist::en_passant_key(old.file());
            }
        }
        if let Some(new) = ep {
            if self.ep_capturable(new) {
                self.key ^= zobrist::en_passant_key(new.file());
            }
        }
        self.ep_square = ep;
    }

    pub(crate) fn set_turn(&mut self, turn: Color) {
        if turn != self.turn {
            self.key ^= zobrist::white_to_move_key();
            self.turn = turn;
        }
    }

    /// Recomputes the Zobrist key from scratch (for tests and validation of the incremental key).
    pub fn compute_zobrist(&self) -> u64 {
        let mut k = 0;
        for sq in Squares(self.occupied()) {
            if let Some(p) = self.board[sq.index()] {
                k ^= zobrist::piece_key(p, sq);
            }
        }
        k ^= self.castling.key();
        if let Some(ep) = self.ep_square {
            if self.ep_capturable(ep) {
                k ^= zobrist::en_passant_key(ep.file());
            }
        }
        if self.turn == Color::White {
            k ^= zobrist::white_to_move_key();
        }
        k
    }

    /// Destination squares of king and rook when `color` castles on `side`.
    #[inline(always)]
    pub(crate) fn castling_destinations(color: Color, side: usize) -> (Square, Square) {
        let rank = if color == Color::White { 0 } else { 7 };
        if side == KING_SIDE {
            (Square::from_coords(6, rank), Square::from_coords(5, rank))
        } else {
            (Square::from_coords(2, rank), Square::from_coords(3, rank))
        }
    }

    // ---- make / unmake ---------------------------------------------------------------------

    /// Plays a move that must be legal in this position (as produced by move generation) and
    /// returns the record that undoes it. Playing an illegal move leaves the position in an
    /// unspecified (but memory-safe) state; validate with `legal_moves` first.
    #[inline]
    pub fn make_move(&mut self, m: Move) -> Undo {
        let undo = Undo {
            captured: None,
            castling: self.castling,
            castling_mask: self.castling_mask,
            ep_square: self.ep_square,
            halfmove_clock: self.halfmove_clock,
            key: self.key,
        };
        let captured = self.play(m);
        Undo { captured, ..undo }
    }

    /// Plays a legal move in place; returns the captured piece (not for en passant, where the
    /// captured pawn is implied). Used by `make_move` and by copy-make perft.
    #[inline(always)]
    pub(crate) fn play(&mut self, m: Move) -> Option<Piece> {
        let us = self.turn;
        let from = m.from();
        let to = m.to();
        if let Some(ep) = self.ep_square.take() {
            if self.ep_capturable(ep) {
                self.key ^= zobrist::en_passant_key(ep.file());
            }
        }
        self.halfmove_clock += 1;
        let mut captured = None;
        let piece = self.board[from.index()]?;
        match m.kind() {
            MoveKind::Normal => {
                captured = self.remove(to);
                self.remove(from);
                self.put(to, piece);
                if captured.is_some() {
                    self.halfmove_clock = 0;
                }
                if piece.role == Role::Pawn {
                    self.halfmove_clock = 0;
                    if from.index() ^ to.index() == 16 {
                        let ep = Square::from_u8(((from.index() + to.index()) / 2) as u8);
                        self.ep_square = Some(ep);
                        if pawn_attacks(us, ep) & self.pieces(us.other(), Role::Pawn) != 0 {
                            self.key ^= zobrist::en_passant_key(ep.file());
                        }
                    }
                }
            }
            MoveKind::Promotion => {
                captured = self.remove(to);
                self.remove(from);
                let role = m.promotion_role().unwrap_or(Role::Queen);
                self.put(to, Piece { color: us, role });
                self.halfmove_clock = 0;
            }
            MoveKind::EnPassant => {
                let cap = Square::from_coords(to.file(), from.rank());
                self.remove(cap);
                self.remove(from);
                self.put(to, piece);
                self.halfmove_clock = 0;
            }
            MoveKind::Castling => {
                let side = if to.file() > from.file() { KING_SIDE } else { QUEEN_SIDE };
                let (kdest, rdest) = Position::castling_destinations(us, side);
                let rook = self.remove(to);
                self.remove(from);
                self.put(kdest, piece);
                if let Some(rook) = rook {
                    self.put(rdest, rook);
                }
            }
        }
        if (from.bb() | to.bb()) & self.castling_mask != 0 {
            self.update_castling_after(from, to, piece.role == Role::King, us);
        }
        self.turn = us.other();
        self.key ^= zobrist::white_to_move_key();
        if us == Color::Black {
            self.fullmove_number += 1;
        }
        captured
    }

    #[cold]
    fn update_castling_after(&mut self, from: Square, to: Square, king_moved: bool, us: Color) {
        let mut rights = self.castling;
        for c in Color::ALL {
            for s in 0..2 {
                if let Some(r) = rights.rook(c, s) {
                    if r == from || r == to || (king_moved && c == us) {
                        rights.set(c, s, None);
                    }
                }
            }
        }
        self.set_castling(rights);
    }

    /// Undoes `m`, which must be the last move made, with the record `make_move` returned.
    #[inline]
    pub fn unmake_move(&mut self, m: Move, undo: &Undo) {
        let us = self.turn.other();
        self.turn = us;
        if us == Color::Black {
            self.fullmove_number -= 1;
        }
        let from = m.from();
        let to = m.to();
        match m.kind() {
            MoveKind::Normal => {
                if let Some(p) = self.remove(to) {
                    self.put(from, p);
                }
                if let Some(c) = undo.captured {
                    self.put(to, c);
                }
            }
            MoveKind::Promotion => {
                self.remove(to);
                self.put(from, Piece { color: us, role: Role::Pawn });
                if let Some(c) = undo.captured {
                    self.put(to, c);
                }
            }
            MoveKind::EnPassant => {
                if let Some(p) = self.remove(to) {
                    self.put(from, p);
                }
                self.put(Square::from_coords(to.file(), from.rank()), Piece { color: us.other(), role: Role::Pawn });
            }
            MoveKind::Castling => {
                let side = if to.file() > from.file() { KING_SIDE } else { QUEEN_SIDE };
                let (kdest, rdest) = Position::castling_destinations(us, side);
                let king = self.remove(kdest);
                let rook = self.remove(rdest);
                if let Some(k) = king {
                    self.put(from, k);
                }
                if let Some(r) = rook {
                    self.put(to, r);
                }
            }
        }
        self.castling = undo.castling;
        self.castling_mask = undo.castling_mask;
        self.ep_square = undo.ep_square;
        self.halfmove_clock = undo.halfmove_clock;
        self.key = undo.key;
    }
}
