// Package httpsig signs outgoing HTTP requests and verifies incoming
// ones the way ActivityPub servers do: draft-cavage-http-signatures-12
// both ways, RFC 9421 (HTTP Message Signatures) on receipt, with the
// body bound by a Digest (RFC 3230 syntax) or a Content-Digest (RFC
// 9530). It knows nothing of actors: the caller resolves a keyId to a
// public key (KeyResolver) and checks that the key's owner is the actor
// the request speaks for. It imports only the standard library.
//
// # Signing
//
// Signer.Sign adds Date, Digest ("SHA-256=<base64>" of the body, for a
// request with a body) and a Signature header:
//
//	keyId="...",algorithm="rsa-sha256",headers="(request-target) host date digest",signature="..."
//
// covering "(request-target) host date" for a GET. An RSA key signs
// rsa-sha256 (RSASSA-PKCS1-v1_5, SHA-256), what Mastodon, GoToSocial,
// Misskey and Pixelfed verify; an Ed25519 key signs hs2019.
//
// # Verifying
//
// Verifier.Verify reads RFC 9421 when the request has Signature-Input,
// draft-cavage otherwise, and refuses with an *Error whose Code is
// stable and whose Message is pt-BR. Before any key is asked for it
// checks:
//
//   - the header's form, at most DefaultMaxHeaderBytes long and 32
//     headers or components;
//   - coverage. draft-cavage: (request-target), host, and date or
//     (created); digest when the request has a body (every POST, PUT and
//     PATCH). RFC 9421: @method; @target-uri or @authority; the path and
//     query (@target-uri, @request-target, or @path with @query when the
//     URL has a query); content-digest when there is a body; a created
//     parameter and a keyid;
//   - time: the Date (or created) no older than MaxAge (1 h) and no
//     further ahead than MaxSkew (5 min); past expires by more than
//     MaxSkew is refused. An hour back is Mastodon's window (its 5-minute
//     validity plus an hour of margin), so what Mastodon accepts we
//     accept; five minutes ahead is room for clocks kept by NTP, and
//     little for a request dated ahead to be replayed later;
//   - the digest against the body: every SHA-256 or SHA-512 entry must
//     match, and at least one must be there. ReadBody caps the body.
//
// Then it asks the resolver for the key, verifies, and when that fails
// asks once for a fresh key (the actor may have rotated it) and verifies
// again if the key changed. RSA keys must have 2048 to 8192 bits.
//
// Algorithms: rsa-sha256 and hs2019 (draft-cavage); rsa-v1_5-sha256,
// rsa-pss-sha512, ed25519 and ecdsa-p256-sha256 (RFC 9421).
//
// # Deliberate differences from the specifications
//
//   - hs2019 with an RSA key is verified as RSASSA-PKCS1-v1_5 with
//     SHA-256, as the fediverse signs it; draft-cavage-12 would mean
//     RSASSA-PSS with SHA-512 (a Key whose Algorithm is rsa-pss-sha512
//     gets that).
//   - draft-cavage: a signature without a headers parameter covers
//     "date" when its algorithm is rsa-sha256 (the draft's earlier
//     default, which Mastodon keeps) and "(created)" otherwise; either way
//     it then fails our coverage rule. Only the Signature header is read,
//     not "Authorization: Signature". (created) and (expires) are refused
//     with algorithm rsa-sha256, as the draft says. A parameter repeated
//     is refused (the draft says so); created and expires may carry a
//     fraction, which is dropped. The signed Host is the request's Host
//     as received. Unlike Mastodon, a (request-target) without its query
//     is not tried as a second chance.
//   - draft-cavage's Appendix C signs with a 1024-bit key, which the
//     default minimum refuses; its C.3 text lists (created) and
//     (expires), but its signature value covers the headers without them,
//     which is what the tests use.
//   - RFC 9421: one signature is verified, the one labelled
//     Verifier.Label or else the first in Signature-Input. Of the
//     component parameters only @query-param's name is read; sf, key, bs,
//     req and tr are refused as unknown (RFC 9421 section 2.5 allows
//     that). @status is refused (requests only). A structured-field key
//     repeated is refused rather than overwritten. @target-uri and
//     @scheme use Verifier.Scheme (default https), since a server behind
//     a TLS-ending proxy cannot tell. hmac-sha256 and JOSE algorithms are
//     refused.
//   - Digest (RFC 3230) and Content-Digest (RFC 9530): algorithms other
//     than SHA-256 and SHA-512 are skipped, and a header naming only
//     those is refused. The digest is of the content as received (what
//     Mastodon sends), not of a representation.
package httpsig
