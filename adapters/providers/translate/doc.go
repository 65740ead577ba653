// Package translate provides the ports.Translator that translate.provider
// selects: none (the default), libretranslate, deepl or openai (any
// OpenAI-compatible chat completions service).
package translate
