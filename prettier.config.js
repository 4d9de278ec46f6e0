// One format for the repository: a 120-character line; double quotes, semicolons and trailing
// commas as most of the code already had them.
/** @type {import("prettier").Config} */
export default {
  printWidth: 120,
};
