// The icons of the owner's 编辑 / 删除 on their own answer (AnswerItem). Their own module, imported after mount only
// when the viewer has an answer on the page, so visitors' first download does not carry them (issue 23).
export { DeleteOutlined, EditOutlined } from "@ant-design/icons";
