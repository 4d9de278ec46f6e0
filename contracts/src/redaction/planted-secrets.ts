// Fixtures: one credential of every shape the redaction knows, as a producer could leak it into an
// event's text. Tests plant them in events and then look for `secret` everywhere the event can
// land; each `secret` is unique, so finding it anywhere is a leak, never a coincidence.

export interface PlantedSecret {
  /** The shape, as the redaction's rule or the key it is found by names it. */
  readonly shape: string;
  /** Text as it would sit in a free-text field (a label and the secret). */
  readonly text: string;
  /** The part that must never be stored, logged or shown. */
  readonly secret: string;
}

const planted = (shape: string, secret: string, text = secret): PlantedSecret => ({ shape, secret, text });

export const PLANTED_SECRETS: readonly PlantedSecret[] = [
  planted("openai key", "sk-plantedOpenAi1234567890abcd"),
  planted("openai project key", "sk-proj-plantedProj_0123456789-abcdefXYZ"),
  planted("openai short key", "sk-pl4nt3d9"),
  planted("anthropic key", "sk-ant-api03-plantedAnthropic0123456789"),
  planted("tencent secret id", "AKIDplantedTencent0123456789abcdef"),
  planted("tencent short secret id", "AKIDpl4nt9"),
  planted("aws access key id", "AKIAPLANTED0AWS12345"),
  planted("aws temporary key id", "ASIAPLANTED0AWS67890"),
  planted("github token", "ghp_plantedGithub0123456789abcdefABCD"),
  planted("github fine-grained token", "github_pat_11PLANTED0123456789_abcdefghijklmnop"),
  planted("json web token", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwbGFudGVkIn0.pl4ntedSignatureXyz"),
  planted("bearer token", "plantedBearerToken0123", "Authorization: Bearer plantedBearerToken0123"),
  planted("password assignment", "plantedHunter2pw", "mysql --password=plantedHunter2pw -h db"),
  planted("passwd assignment", "plantedPasswdValue", "passwd: plantedPasswdValue"),
  planted("secret assignment", "plantedClientSecret9", "client_secret=plantedClientSecret9"),
  planted("token assignment", "plantedAccessToken7", "callback?access_token=plantedAccessToken7&state=1"),
  planted("api_key assignment", "plantedApiKeyValue5", "GET /v1?api_key=plantedApiKeyValue5"),
  planted("json password", "plantedJsonPw 42", '{"password": "plantedJsonPw 42"}'),
  planted(
    "pem private key",
    "MIIEplantedPrivateKeyBody0123456789",
    "-----BEGIN RSA PRIVATE KEY-----\nMIIEplantedPrivateKeyBody0123456789\nabcdefPLANTED\n-----END RSA PRIVATE KEY-----",
  ),
];

/** All planted texts, one a line: what a test puts into one free-text field. */
export const plantedSecretsText = (): string => PLANTED_SECRETS.map((planted) => planted.text).join("\n");
