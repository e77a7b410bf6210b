// The floating chat button of the public pages.
export { ChatWidget, buildChatUrl, CHAT_TEXT_MAX } from './ChatWidget';
