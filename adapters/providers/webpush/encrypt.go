package webpush

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
)

// recordSize is the aes128gcm record size written in the header (RFC 8188
// section 2.1). A push message is one record; 4096 is what RFC 8291
// section 4 asks senders to use, and every push service accepts it.
const recordSize = 4096

// headerSize is salt (16), record size (4), key id length (1) and the
// sender's public key as the key id (65): RFC 8291 section 4.
const headerSize = 16 + 4 + 1 + 65

// MaxPayload is the largest plaintext that fits one record: the record
// size less the AEAD tag (16) and the padding delimiter (1), and less the
// header, since RFC 8291 section 4 bounds the whole body by 4096 bytes.
const MaxPayload = recordSize - headerSize - 16 - 1

// ErrPayloadTooLarge is Encrypt's answer to a plaintext over MaxPayload.
var ErrPayloadTooLarge = errors.New("webpush: payload too large")

// Encrypt seals plaintext for a device with the aes128gcm content coding
// (RFC 8188) keyed as RFC 8291 says: a fresh sender key pair and salt for
// every message.
func Encrypt(deviceKey, auth, plaintext []byte) ([]byte, error) {
	sender, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("webpush: sender key: %w", err)
	}
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return nil, fmt.Errorf("webpush: salt: %w", err)
	}
	return encrypt(sender, salt, deviceKey, auth, plaintext)
}

// encrypt is Encrypt with the sender's key and the salt given, so that
// RFC 8291's example can be reproduced byte for byte.
func encrypt(sender *ecdh.PrivateKey, salt, deviceKey, auth, plaintext []byte) ([]byte, error) {
	if len(plaintext) > MaxPayload {
		return nil, fmt.Errorf("%w: %d bytes", ErrPayloadTooLarge, len(plaintext))
	}
	if len(auth) != 16 {
		return nil, fmt.Errorf("webpush: auth secret must be 16 bytes, not %d", len(auth))
	}
	ua, err := ecdh.P256().NewPublicKey(deviceKey)
	if err != nil {
		return nil, fmt.Errorf("webpush: device key: %w", err)
	}
	shared, err := sender.ECDH(ua)
	if err != nil {
		return nil, fmt.Errorf("webpush: key agreement: %w", err)
	}
	senderPublic := sender.PublicKey().Bytes()
	cek, nonce, err := keys(shared, auth, salt, deviceKey, senderPublic)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, fmt.Errorf("webpush: cipher: %w", err)
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("webpush: gcm: %w", err)
	}
	out := make([]byte, headerSize, headerSize+len(plaintext)+1+gcm.Overhead())
	copy(out, salt)
	binary.BigEndian.PutUint32(out[16:20], recordSize)
	out[20] = byte(len(senderPublic))
	copy(out[21:], senderPublic)
	// The last (here the only) record ends with the delimiter 0x02 and no
	// padding after it (RFC 8188 section 2).
	record := append(append(make([]byte, 0, len(plaintext)+1), plaintext...), 0x02)
	return gcm.Seal(out, nonce, record, nil), nil
}

// keys derives the content encryption key and nonce: RFC 8291 section 3.4
// (the input keying material from the shared secret and the auth secret)
// then RFC 8188 section 2.2 and 2.3 (the key and nonce from the salt).
func keys(shared, auth, salt, uaPublic, asPublic []byte) (cek, nonce []byte, err error) {
	info := append(append([]byte("WebPush: info\x00"), uaPublic...), asPublic...)
	ikm, err := hkdf.Key(sha256.New, shared, auth, string(info), 32)
	if err != nil {
		return nil, nil, fmt.Errorf("webpush: ikm: %w", err)
	}
	if cek, err = hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: aes128gcm\x00", 16); err != nil {
		return nil, nil, fmt.Errorf("webpush: cek: %w", err)
	}
	if nonce, err = hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: nonce\x00", 12); err != nil {
		return nil, nil, fmt.Errorf("webpush: nonce: %w", err)
	}
	return cek, nonce, nil
}

// Decrypt opens a message Encrypt made, as the device does: with its
// private key and auth secret. Only one-record messages are read, which is
// all a push message may be.
func Decrypt(device *ecdh.PrivateKey, auth, body []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("webpush: body shorter than its header")
	}
	salt, rs, idlen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if len(body) < 21+idlen {
		return nil, errors.New("webpush: body shorter than its key id")
	}
	senderPublic, ciphertext := body[21:21+idlen], body[21+idlen:]
	if rs < 18 || len(ciphertext) > int(rs) {
		return nil, fmt.Errorf("webpush: %d bytes do not fit one record of %d", len(ciphertext), rs)
	}
	as, err := ecdh.P256().NewPublicKey(senderPublic)
	if err != nil {
		return nil, fmt.Errorf("webpush: sender key: %w", err)
	}
	shared, err := device.ECDH(as)
	if err != nil {
		return nil, fmt.Errorf("webpush: key agreement: %w", err)
	}
	cek, nonce, err := keys(shared, auth, salt, device.PublicKey().Bytes(), senderPublic)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	record, err := gcm.Open(nil, nonce, ciphertext, nil)
	if err != nil {
		return nil, fmt.Errorf("webpush: open record: %w", err)
	}
	// Strip the padding: zeros after the delimiter, which must be 0x02 in
	// the last record.
	i := len(record) - 1
	for i >= 0 && record[i] == 0 {
		i--
	}
	if i < 0 || record[i] != 0x02 {
		return nil, errors.New("webpush: last record lacks its delimiter")
	}
	return record[:i], nil
}
