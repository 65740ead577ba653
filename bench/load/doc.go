// Package load drives one operation at a fixed rate (open loop, latency
// measured from each request's intended start) or with a fixed number of
// workers (closed loop, to find the peak), and reports throughput,
// percentiles and the CPU the generator itself used.
package load
