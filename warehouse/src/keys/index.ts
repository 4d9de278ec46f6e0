// Keys as data: the hashed keys of api_keys, and the key ring that reloads them without a restart.
export * from "./stored-keys";
export * from "./key-ring-reload";
export * from "./key-json";
export * from "./service-key-ring";
export * from "./expired-sessions";
