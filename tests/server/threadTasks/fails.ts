// A pool task that fails: throws `message`, or with `crash` ends its thread the way an out-of-memory abort would.
export default (data: { message?: string; crash?: boolean }) => {
  if (data.crash) process.exit(3);
  throw new Error(data.message ?? 'task failed');
};
