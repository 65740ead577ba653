package videotest

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

// pack writes values big-endian one after another: fixed-size integers,
// byte slices and strings as they are.
func pack(vals ...any) []byte {
	var b bytes.Buffer
	for _, v := range vals {
		switch v := v.(type) {
		case []byte:
			b.Write(v)
		case string:
			b.WriteString(v)
		case uint8, uint16, uint32, uint64, int16, int32:
			_ = binary.Write(&b, binary.BigEndian, v)
		default:
			panic(fmt.Sprintf("pack: %T", v))
		}
	}
	return b.Bytes()
}

func zeros(n int) []byte { return make([]byte, n) }
