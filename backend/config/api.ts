export default {
  rest: {
    defaultLimit: 25,
    // Exports page through every matching row 200 at a time; no call returns a whole collection.
    maxLimit: 200,
    withCount: true,
  },
};
