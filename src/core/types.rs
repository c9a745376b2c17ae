//! Basic chess types: [`Color`], [`Role`], [`Piece`], [`Square`], [`Bitboard`] and [`Move`].

use std::fmt;

/// A side: white or black.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// White, who moves first.
    White = 0,
    /// Black.
    Black = 1,
}

impl Color {
    /// Both colors, white first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The opponent.
    #[inline(always)]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for white, 1 for black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter of the side to move: `w` or `b`.
    pub const fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

/// A piece type (the "role" of a piece), pawn to king.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

    /// 0 (pawn) to 5 (king).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role with index 0..6, if any.
    pub const fn from_index(i: usize) -> Option<Role> {
        match i {
            0 => Some(Role::Pawn),
            1 => Some(Role::Knight),
            2 => Some(Role::Bishop),
            3 => Some(Role::Rook),
            4 => Some(Role::Queen),
            5 => Some(Role::King),
            _ => None,
        }
    }

    /// Lowercase letter as in FEN/UCI: `p n b r q k`.
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// Parses a lowercase or uppercase role letter.
    pub fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }
}

/// A piece: a color and a role.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// Which piece type.
    pub role: Role,
}

impl Piece {
    /// FEN letter: uppercase for white (`PNBRQK`), lowercase for black.
    pub fn char(self) -> char {
        let c = self.role.char();
        match self.color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// Parses a FEN piece letter.
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        Some(Piece { color, role })
    }
}

/// A square index 0..64: a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63 (`rank * 8 + file`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Square a1 (0).
    pub const A1: Square = Square(0);
    /// Square h8 (63).
    pub const H8: Square = Square(63);

    /// The square with index `i`, or `None` unless `i < 64`.
    #[inline(always)]
    pub const fn new(i: u32) -> Option<Square> {
        if i < 64 {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// The square at `file` (0 = a … 7 = h) and `rank` (0 = rank 1 … 7 = rank 8); both must be < 8.
    #[inline(always)]
    pub const fn from_coords(file: u8, rank: u8) -> Square {
        Square(((rank & 7) << 3) | (file & 7))
    }

    /// Square from an index known to be < 64 (masked to 6 bits).
    #[inline(always)]
    pub(crate) const fn from_u8(i: u8) -> Square {
        Square(i & 63)
    }

    /// The index 0..64.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0 (a) … 7 (h).
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Rank 0 (rank 1) … 7 (rank 8).
    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// Single-bit bitboard of this square.
    #[inline(always)]
    pub const fn bb(self) -> Bitboard {
        1u64 << self.0
    }

    /// The same file on the other side of the board (a1 ↔ a8).
    #[inline(always)]
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// Parses a square name such as `e4` (lowercase file letter, rank digit).
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        Square::from_bytes(b[0], b[1])
    }

    pub(crate) fn from_bytes(f: u8, r: u8) -> Option<Square> {
        if (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r) {
            Some(Square::from_coords(f - b'a', r - b'1'))
        } else {
            None
        }
    }

    /// The file letter `a`…`h`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit `1`…`8`.
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A set of squares as a `u64`: bit `i` is set when square `i` is in the set.
pub type Bitboard = u64;

/// Iterator over the squares of a bitboard, lowest index first.
#[derive(Copy, Clone, Debug)]
pub struct Squares(pub Bitboard);

impl Iterator for Squares {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square(self.0.trailing_zeros() as u8);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

/// The lowest square of a non-empty bitboard.
#[inline(always)]
pub(crate) fn lsb(bb: Bitboard) -> Square {
    Square((bb.trailing_zeros() & 63) as u8)
}

/// Whether a bitboard has more than one square.
#[inline(always)]
pub(crate) const fn more_than_one(bb: Bitboard) -> bool {
    bb & bb.wrapping_sub(1) != 0
}

/// Bitboard of rank `r` (0 = rank 1).
pub const fn rank_bb(r: u8) -> Bitboard {
    0xFFu64 << (8 * r as u32)
}

/// Bitboard of file `f` (0 = file a).
pub const fn file_bb(f: u8) -> Bitboard {
    0x0101_0101_0101_0101u64 << f as u32
}

/// What kind of move a [`Move`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A plain move or capture (including pawn double pushes).
    Normal,
    /// A pawn move to the last rank, promoting.
    Promotion,
    /// An en passant capture; the destination is the en passant square.
    EnPassant,
    /// Castling; the destination is the castling rook's square ("king takes rook").
    Castling,
}

/// A move as 16 bits, the same encoding as `zz_move` in the C header:
/// bits 0–5 origin square, bits 6–11 destination square, bits 12–13 promotion piece
/// (0 knight, 1 bishop, 2 rook, 3 queen; only meaningful for promotions), bits 14–15 kind
/// (0 normal, 1 promotion, 2 en passant, 3 castling). Castling is stored as the king moving
/// to its own rook's square, which is unambiguous in Chess960 too. `Move::NULL` (0) is never legal.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Move(pub u16);

impl Move {
    /// The null move (a1a1, value 0): never a legal move.
    pub const NULL: Move = Move(0);
    const PROMOTION: u16 = 1 << 14;
    const EN_PASSANT: u16 = 2 << 14;
    const CASTLING: u16 = 3 << 14;

    /// A normal move from `from` to `to`.
    #[inline(always)]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move(from.0 as u16 | (to.0 as u16) << 6)
    }

    /// A promotion to `role` (knight, bishop, rook or queen).
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        Move(from.0 as u16 | (to.0 as u16) << 6 | ((role as u16).wrapping_sub(1) & 3) << 12 | Move::PROMOTION)
    }

    /// An en passant capture landing on `to` (the en passant square).
    #[inline(always)]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move(from.0 as u16 | (to.0 as u16) << 6 | Move::EN_PASSANT)
    }

    /// Castling: the king on `king` with the rook on `rook`.
    #[inline(always)]
    pub const fn castling(king: Square, rook: Square) -> Move {
        Move(king.0 as u16 | (rook.0 as u16) << 6 | Move::CASTLING)
    }

    /// Origin square.
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square((self.0 & 63) as u8)
    }

    /// Destination square (the rook's square for castling).
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square(((self.0 >> 6) & 63) as u8)
    }

    /// The move kind.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 14 {
            0 => MoveKind::Normal,
            1 => MoveKind::Promotion,
            2 => MoveKind::EnPassant,
            _ => MoveKind::Castling,
        }
    }

    /// The promotion piece, for promotions.
    #[inline(always)]
    pub const fn promotion_role(self) -> Option<Role> {
        if self.0 >> 14 == 1 {
            Role::from_index(((self.0 >> 12) & 3) as usize + 1)
        } else {
            None
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        match self.kind() {
            MoveKind::Promotion => write!(f, "{}", self.promotion_role().map_or('?', Role::char)),
            MoveKind::EnPassant => write!(f, "(ep)"),
            MoveKind::Castling => write!(f, "(castle)"),
            MoveKind::Normal => Ok(()),
        }
    }
}

/// A fixed-capacity list of moves (no heap allocation). 256 is more than the 218 legal moves
/// of the richest known position.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MoveList::CAPACITY],
    len: usize,
}

impl MoveList {
    /// Maximum number of moves a list holds (`ZZ_MAX_MOVES` in C).
    pub const CAPACITY: usize = 256;

    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList { moves: [Move::NULL; MoveList::CAPACITY], len: 0 }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, m: Move) {
        // The capacity exceeds the maximum number of legal moves of any position, so this
        // cannot overflow; the bounds check keeps it safe regardless.
        if self.len < MoveList::CAPACITY {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    /// Number of moves.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Whether the list holds `m`.
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    /// Keeps only the moves for which `f` is true.
    pub fn retain(&mut self, mut f: impl FnMut(Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if f(m) {
                self.moves[j] = m;
                j += 1;
            }
        }
        self.len = j;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}
