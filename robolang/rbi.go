package robolang

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"robocom/internal/userfile"
)

// RBI is the format for programs shared without their source (ROBOCOM.md section 12,
// docs/rbi.md). Layout, all integers little-endian:
//
//	magic    4  "RBI" 0x1A
//	major    1  format version; a reader refuses a major it does not know
//	minor    1  compatible additions; ignored by older readers
//	flags    2  bit 0: the program uses RC3 (reader needs the rc3 option set)
//	name     2+n  visible Name, UTF-8, length-prefixed
//	author   2+n  visible Author
//	country  2+n  visible Country
//	nonce    12   AES-GCM nonce, random per file
//	length   4    bytes of sealed payload that follow
//	payload  length  AES-256-GCM of the code; the header above is its additional data,
//	                 so changing the visible name breaks the seal too
//
// Plain payload: banks (1 byte, 0..50), then per bank: name (2+n), instruction count
// (2, 0..1000), then per instruction: opcode (1), operand count (1), per operand kind (1)
// and value (2, signed).
//
// The key is built into the program (rbiKey): without a password nothing else is
// possible, so RBI hides code from players, not from whoever reads this source.

// rbiMagic starts every RBI file.
var rbiMagic = [4]byte{'R', 'B', 'I', 0x1A}

// RBI format version written by WriteRBI.
const (
	RBIMajor = 1
	RBIMinor = 0
)

const (
	rbiFlagRC3     = 1 << 0
	rbiMaxText     = MaxText  // visible strings and bank names: generous, but bounded
	rbiMaxPayload  = 16 << 20 // far above 50 banks × 1000 instructions
	rbiNonceSize   = 12
	rbiMaxFileSize = rbiMaxPayload + 3*rbiMaxText + 64
)

// rbiKey is the AES-256 key of format version 1. It is public by nature (see above).
var rbiKey = sha256.Sum256([]byte("RoboCom Arena RBI v1: hides code from players, not from readers of this source"))

// Errors from ReadRBI; each is one sentence that names the cause.
var (
	ErrRBINotRBI    = errors.New("not an RBI file (it does not start with the RBI signature)")
	ErrRBIVersion   = errors.New("RBI format version not supported by this version of RoboCom Arena")
	ErrRBITruncated = errors.New("RBI file is truncated")
	ErrRBITampered  = errors.New("RBI file is damaged or was modified (its seal does not match)")
	ErrRBITrailing  = errors.New("RBI file has extra bytes after its end")
)

// WriteRBI writes p in the RBI format. Label names and source positions are not kept; the
// code itself, bank names and the visible header are.
func WriteRBI(w io.Writer, p *Program) error {
	if len(p.Banks) > MaxBanks {
		return fmt.Errorf("cannot save as RBI: %d banks, at most %d", len(p.Banks), MaxBanks)
	}
	plain, err := encodeRBIPayload(p)
	if err != nil {
		return err
	}

	var head bytes.Buffer
	head.Write(rbiMagic[:])
	head.WriteByte(RBIMajor)
	head.WriteByte(RBIMinor)
	var flags uint16
	if p.RC3 {
		flags |= rbiFlagRC3
	}
	binary.Write(&head, binary.LittleEndian, flags)
	for _, f := range []struct{ s, what string }{{p.Name, "Name"}, {p.Author, "Author"}, {p.Country, "Country"}} {
		if err := putText(&head, f.s, f.what); err != nil {
			return err
		}
	}
	nonce := make([]byte, rbiNonceSize)
	if _, err := rand.Read(nonce); err != nil {
		return fmt.Errorf("cannot save as RBI: no random numbers: %v", err)
	}
	head.Write(nonce)
	gcm := rbiCipher()
	binary.Write(&head, binary.LittleEndian, uint32(len(plain)+gcm.Overhead()))
	sealed := gcm.Seal(nil, nonce, plain, head.Bytes())
	if _, err := w.Write(head.Bytes()); err != nil {
		return err
	}
	_, err = w.Write(sealed)
	return err
}

// encodeRBIPayload is the plain payload: the code and bank names.
func encodeRBIPayload(p *Program) ([]byte, error) {
	var plain bytes.Buffer
	plain.WriteByte(byte(len(p.Banks)))
	for i, b := range p.Banks {
		if len(b.Code) > MaxInstructions {
			return nil, fmt.Errorf("cannot save as RBI: bank %d has %d instructions, at most %d", i+1, len(b.Code), MaxInstructions)
		}
		if err := putText(&plain, b.Name, "bank name"); err != nil {
			return nil, err
		}
		binary.Write(&plain, binary.LittleEndian, uint16(len(b.Code)))
		for _, in := range b.Code {
			if in.N > 3 {
				return nil, fmt.Errorf("cannot save as RBI: bad instruction %v", in)
			}
			plain.WriteByte(byte(in.Op))
			plain.WriteByte(in.N)
			for _, o := range in.Args[:in.N] {
				plain.WriteByte(byte(o.Kind))
				binary.Write(&plain, binary.LittleEndian, o.Value)
			}
		}
	}

	return plain.Bytes(), nil
}

func rbiCipher() cipher.AEAD {
	block, err := aes.NewCipher(rbiKey[:])
	if err != nil {
		panic(err) // a 32-byte key is always valid
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	return gcm
}

func putText(b *bytes.Buffer, s, what string) error {
	if !sourceText(s) {
		return fmt.Errorf("cannot save as RBI: %s %q cannot be written in a source file", what, s)
	}
	if len(s) > rbiMaxText {
		return fmt.Errorf("cannot save as RBI: %s longer than %d bytes", what, rbiMaxText)
	}
	binary.Write(b, binary.LittleEndian, uint16(len(s)))
	b.WriteString(s)
	return nil
}

// RBIHeader is the visible part of an RBI file.
type RBIHeader struct {
	Major, Minor int
	RC3          bool
	Name         string
	Author       string
	Country      string
	SealedSize   int // bytes of encrypted payload
}

// ReadRBI reads an RBI program and checks it completely: the result is a program that
// could have come from source (Program.Hidden and every Bank.Hidden set, no positions, no
// label names), or an error, never half a program.
func ReadRBI(r io.Reader) (*Program, error) {
	p, _, err := readRBI(r)
	return p, err
}

// ReadRBIHeader reads and fully verifies an RBI file, returning only its visible header.
func ReadRBIHeader(r io.Reader) (RBIHeader, error) {
	_, h, err := readRBI(r)
	return h, err
}

func readRBI(r io.Reader) (*Program, RBIHeader, error) {
	var h RBIHeader
	data, err := io.ReadAll(io.LimitReader(r, rbiMaxFileSize+1))
	if err != nil {
		return nil, h, err
	}
	if len(data) > rbiMaxFileSize {
		return nil, h, errors.New("RBI file too big")
	}
	d := decoder{buf: data}
	// Reject a wrong signature or version before anything else.
	if len(data) < len(rbiMagic) {
		if bytes.HasPrefix(rbiMagic[:], data) && len(data) > 0 {
			return nil, h, ErrRBITruncated
		}
		return nil, h, ErrRBINotRBI
	}
	if !bytes.Equal(d.bytes(4), rbiMagic[:]) {
		return nil, h, ErrRBINotRBI
	}
	h.Major, h.Minor = int(d.u8()), int(d.u8())
	if d.err == nil && h.Major != RBIMajor {
		return nil, h, fmt.Errorf("%w (file: %d.%d, supported: %d.x)", ErrRBIVersion, h.Major, h.Minor, RBIMajor)
	}
	flags := d.u16()
	h.RC3 = flags&rbiFlagRC3 != 0
	h.Name, h.Author, h.Country = d.text(), d.text(), d.text()
	nonce := d.bytes(rbiNonceSize)
	n := int(d.u32())
	headLen := d.off
	sealed := d.bytes(n)
	if d.err != nil {
		return nil, h, d.err
	}
	if d.off != len(data) {
		return nil, h, ErrRBITrailing
	}
	h.SealedSize = n
	plain, err := rbiCipher().Open(nil, nonce, sealed, data[:headLen])
	if err != nil {
		return nil, h, ErrRBITampered
	}
	if flags&^rbiFlagRC3 != 0 {
		// Sealed, so written by a newer minor version with a feature we lack.
		return nil, h, fmt.Errorf("%w (unknown flags %#x)", ErrRBIVersion, flags)
	}
	for _, s := range []string{h.Name, h.Author, h.Country} {
		if !sourceText(s) {
			return nil, h, errors.New("RBI header holds a name that no source file could give")
		}
	}
	p, err := decodeRBIPayload(plain, h.RC3)
	if err != nil {
		return nil, h, err
	}
	p.Name, p.Author, p.Country = h.Name, h.Author, h.Country
	return p, h, nil
}

// decodeRBIPayload checks every instruction as the source loader would, so that a loaded
// program never holds what the loader would have refused (ROBOCOM.md section 3).
func decodeRBIPayload(plain []byte, rc3 bool) (*Program, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("RBI code is invalid: "+format, args...)
	}
	d := decoder{buf: plain}
	p := &Program{Hidden: true, RC3: rc3}
	nb := int(d.u8())
	if nb > MaxBanks {
		return nil, bad("%d banks", nb)
	}
	for bi := 0; bi < nb && d.err == nil; bi++ {
		b := Bank{Name: d.text(), Hidden: true}
		ni := int(d.u16())
		if ni > MaxInstructions {
			return nil, bad("bank %d has %d instructions", bi+1, ni)
		}
		if d.err == nil && ni > 0 {
			b.Code = make([]Instr, 0, min(ni, len(plain)/2))
		}
		for ii := 0; ii < ni && d.err == nil; ii++ {
			in := Instr{Op: Opcode(d.u8()), N: d.u8()}
			if d.err != nil {
				break
			}
			info := in.Op.Info()
			if !in.Op.Valid() || int(in.N) != len(info.Args) {
				return nil, bad("bank %d instruction %d", bi+1, ii+1)
			}
			if in.Op.IsRC3() && !rc3 {
				return nil, bad("RC3 instruction in a classic program")
			}
			for k := 0; k < int(in.N); k++ {
				o := Operand{Kind: OperandKind(d.u8()), Value: int16(d.u16())}
				if d.err != nil {
					break
				}
				if !validOperand(o, rc3) || info.Args[k] == ArgWrite && !o.Writable() {
					return nil, bad("bank %d instruction %d operand %d", bi+1, ii+1, k+1)
				}
				in.Args[k] = o
			}
			b.Code = append(b.Code, in)
		}
		if !sourceText(b.Name) {
			return nil, bad("bank %d has a name that no source file could give", bi+1)
		}
		p.Banks = append(p.Banks, b)
	}
	if d.err != nil {
		return nil, bad("it ends too early")
	}
	if d.off != len(plain) {
		return nil, bad("extra bytes after the last bank")
	}
	return p, nil
}

// sourceText reports whether s could be a header value or bank name read from source:
// valid UTF-8, one line, no comment character, no blanks at either end.
func sourceText(s string) bool {
	if !utf8.ValidString(s) || strings.TrimFunc(s, isBlank) != s || strings.ContainsRune(s, ';') {
		return false
	}
	for _, r := range s {
		if r < ' ' && r != '\t' && r != '\f' && r != '\v' {
			return false
		}
	}
	return true
}

// validOperand reports whether o is an operand the source loader can produce.
func validOperand(o Operand, rc3 bool) bool {
	switch o.Kind {
	case KindNumber, KindActive:
		return o.Kind == KindNumber || o.Value == 0
	case KindVar:
		return o.Value >= 1 && o.Value <= NumVars || rc3 && (o.Value == VarPub || o.Value == VarTeam)
	case KindConst:
		c := Const(o.Value)
		return c >= 1 && c < numConsts && (rc3 || !c.IsRC3())
	case KindRemote:
		return o.Value >= 1 && o.Value < int16(numRemotes) && (rc3 || !Remote(o.Value).IsRC3())
	case KindIndirect:
		return rc3 && o.Value >= 1 && o.Value <= NumVars
	}
	return false
}

// decoder reads little-endian fields; after the first short read it returns zeros and
// keeps ErrRBITruncated, so callers check once at the end.
type decoder struct {
	buf []byte
	off int
	err error
}

func (d *decoder) bytes(n int) []byte {
	if d.err != nil { // (the first error is the one to tell: a field too long is not a cut file)
		return nil
	}
	if n < 0 || n > len(d.buf)-d.off {
		d.err = ErrRBITruncated
		return nil
	}
	b := d.buf[d.off : d.off+n]
	d.off += n
	return b
}

func (d *decoder) u8() uint8 {
	if b := d.bytes(1); b != nil {
		return b[0]
	}
	return 0
}

func (d *decoder) u16() uint16 {
	if b := d.bytes(2); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

func (d *decoder) u32() uint32 {
	if b := d.bytes(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

func (d *decoder) text() string {
	n := int(d.u16())
	if n > rbiMaxText {
		d.err = ErrRBITampered
		return ""
	}
	return string(d.bytes(n))
}

// SaveRBI writes p as an RBI file at path through userfile's atomic writer, so a crash never
// leaves half a file. It refuses to replace the source the program was loaded from (p.File)
// and any existing file that is not an RBI file.
func SaveRBI(path string, p *Program) error {
	if p.File != "" && sameFile(path, p.File) {
		return fmt.Errorf("refusing to overwrite the source %s with RBI: choose another output file", p.File)
	}
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
		var head [4]byte
		f, err := os.Open(path)
		if err == nil {
			_, err = io.ReadFull(f, head[:])
			f.Close()
		}
		if err != nil || head != rbiMagic {
			return fmt.Errorf("refusing to overwrite %s: it exists and is not an RBI file", path)
		}
	}
	// An RBI file is meant to be shared: readable by all.
	out, err := userfile.NewOutput(path, 0o644)
	if err != nil {
		return err
	}
	defer out.Abort()
	if err := WriteRBI(out, p); err != nil {
		return err
	}
	return out.Commit()
}

// sameFile reports whether a and b name the same file (same path, or same file on disk).
func sameFile(a, b string) bool {
	if aa, err := filepath.Abs(a); err == nil {
		if bb, err := filepath.Abs(b); err == nil && aa == bb {
			return true
		}
	}
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}
