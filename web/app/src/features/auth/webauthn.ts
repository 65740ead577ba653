/**
 * The browser's WebAuthn API speaks ArrayBuffers; the server's options and
 * the answers it reads are JSON with base64url strings. These convert both
 * ways, for passkey sign-in (here) and for adding a passkey (/settings).
 */
type Json = Record<string, unknown>

function bufferOf(value: unknown): ArrayBuffer {
  const text = String(value).replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(text + '='.repeat((4 - (text.length % 4)) % 4))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes.buffer
}

function base64url(buffer: ArrayBuffer | null | undefined): string | undefined {
  if (!buffer) return undefined
  let binary = ''
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function descriptors(list: unknown): PublicKeyCredentialDescriptor[] | undefined {
  if (!Array.isArray(list)) return undefined
  return list.map((d: Json) => ({ ...d, id: bufferOf(d.id) }) as PublicKeyCredentialDescriptor)
}

/** Whether this browser can use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && 'PublicKeyCredential' in window && !!navigator.credentials
}

/** What a new passkey and a signature answer alike: the credential's id, type, attachment and extensions. */
function credentialFields(credential: PublicKeyCredential): Json {
  return {
    id: credential.id,
    rawId: base64url(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
  }
}

/** navigator.credentials.create with the server's registration options; the new passkey as JSON. */
export async function createPasskey(options: Json): Promise<Json> {
  const user = options.user as Json
  const publicKey = {
    ...options,
    challenge: bufferOf(options.challenge),
    user: { ...user, id: bufferOf(user.id) },
    excludeCredentials: descriptors(options.excludeCredentials),
  } as PublicKeyCredentialCreationOptions
  const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential | null
  if (!credential) throw new Error('no passkey')
  const response = credential.response as AuthenticatorAttestationResponse
  return {
    ...credentialFields(credential),
    response: {
      clientDataJSON: base64url(response.clientDataJSON),
      attestationObject: base64url(response.attestationObject),
      transports: typeof response.getTransports === 'function' ? response.getTransports() : undefined,
    },
  }
}

/** navigator.credentials.get with the server's request options; the passkey's answer as JSON. */
export async function getPasskey(options: Json): Promise<Json> {
  const publicKey = {
    ...options,
    challenge: bufferOf(options.challenge),
    allowCredentials: descriptors(options.allowCredentials),
  } as PublicKeyCredentialRequestOptions
  const credential = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential | null
  if (!credential) throw new Error('no passkey')
  const response = credential.response as AuthenticatorAssertionResponse
  return {
    ...credentialFields(credential),
    response: {
      clientDataJSON: base64url(response.clientDataJSON),
      authenticatorData: base64url(response.authenticatorData),
      signature: base64url(response.signature),
      userHandle: base64url(response.userHandle),
    },
  }
}
