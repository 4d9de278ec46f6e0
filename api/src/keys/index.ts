// The API's routes of keys as data: the dashboard's sessions and the admin routes of `answerscope keys`.
export * from "./session-routes";
export * from "./admin-keys-routes";
