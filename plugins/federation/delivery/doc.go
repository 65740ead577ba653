// Package delivery sends activities to other servers' inboxes: it is the
// plugin's app.Deliverer. Deliver queues one River job per inbox (the
// caller collapses followers sharing a shared inbox into it) in the
// transaction of the context, so an activity leaves if and only if the
// change it tells of commits. The job, in the plugin's own queue, signs
// the POST with the signer's key (draft-cavage rsa-sha256 over
// (request-target), host, date and digest) and sends it through the
// SSRF-safe client.
//
// Answers: a 2xx delivers; 408, 429, 5xx and connection failures are
// retried with Backoff (a minute, doubling to a 12-hour cap, for about
// five days); any other answer (a 4xx, a redirect) is final. Each
// failure is remembered by host (federation_hosts): a host failing for
// longer than unreachable_after is unreachable, and its jobs complete
// without a connection but for one probe a day, until a delivery
// succeeds or the host sends us an activity (Hosts.Reached).
package delivery
