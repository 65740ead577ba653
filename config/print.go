package config

import (
	"fmt"
	"io"
	"net/url"
	"reflect"
	"sort"
	"strings"
	"time"
)

// secretKeys are masked by Print.
var secretKeys = map[string]bool{
	"auth.jwt_secret":        true,
	"storage.s3.secret_key":  true,
	"storage.signing_secret": true,
	"storage.s3.access_key":  true,
	"mail.smtp.password":     true,
	"translate.api_key":      true,
	"push.vapid_private_key": true,
	"metrics.token":          true,
}

const masked = "********"

// Print writes the effective configuration as YAML, secrets masked: the
// listed keys, and the password inside database.url. The plugins' sections
// follow the core's, in plugin list order.
func (c *Config) Print(w io.Writer) error {
	if err := printValue(w, reflect.ValueOf(*c), "", 0); err != nil {
		return err
	}
	for _, p := range c.plugins {
		if err := printValue(w, reflect.ValueOf(p.value).Elem(), "", 0); err != nil {
			return err
		}
	}
	return nil
}

func printValue(w io.Writer, v reflect.Value, path string, depth int) error {
	indent := strings.Repeat("  ", depth)
	switch v.Kind() {
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			key := t.Field(i).Tag.Get("mapstructure")
			if key == "" {
				continue // not a key: the plugins' sections, printed apart
			}
			if err := printEntry(w, indent, key, join(path, key), v.Field(i), depth); err != nil {
				return err
			}
		}
	case reflect.Map:
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
		for _, k := range keys {
			if err := printEntry(w, indent, k.String(), join(path, k.String()), v.MapIndex(k), depth); err != nil {
				return err
			}
		}
	}
	return nil
}

func printEntry(w io.Writer, indent, key, path string, v reflect.Value, depth int) error {
	switch v.Kind() {
	case reflect.Struct:
		if _, err := fmt.Fprintf(w, "%s%s:\n", indent, key); err != nil {
			return err
		}
		return printValue(w, v, path, depth+1)
	case reflect.Map:
		if v.Len() == 0 {
			_, err := fmt.Fprintf(w, "%s%s: {}\n", indent, key)
			return err
		}
		if _, err := fmt.Fprintf(w, "%s%s:\n", indent, key); err != nil {
			return err
		}
		return printValue(w, v, path, depth+1)
	}
	_, err := fmt.Fprintf(w, "%s%s: %s\n", indent, key, scalar(path, v))
	return err
}

func scalar(path string, v reflect.Value) string {
	if d, ok := v.Interface().(time.Duration); ok {
		return d.String()
	}
	if v.Kind() != reflect.String {
		return fmt.Sprint(v.Interface())
	}
	s := v.String()
	switch {
	case secretKeys[path] && s != "":
		s = masked
	case path == "database.url" || path == "database.read_url":
		s = maskURLPassword(s)
	}
	return fmt.Sprintf("%q", s)
}

func maskURLPassword(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	return u.Redacted()
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}
