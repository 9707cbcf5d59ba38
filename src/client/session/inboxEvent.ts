// The inbox's change event, below every folder that changes the inbox: notify/ (read, delete) and anything whose
// end the server tells in 消息通知 (an import that went on as a job). notify/useUnreadCount reads the count again
// at once on it.
export const NOTIFY_CHANGE_EVENT = 'notifyChange';
export const notifyChanged = () => window.dispatchEvent(new Event(NOTIFY_CHANGE_EVENT));
